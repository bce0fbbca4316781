// Short sounds made with WebAudio (no files): a card on the felt, a shouted truco, a trick, a hand, your turn.

import { prefs } from "./prefs.js";

let ctx = null;
// every sound goes through this, at the volume chosen
let master = null;

function audio() {
  if (!prefs.sound) return null;
  if (!ctx) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    ctx = new Ctx();
    master = ctx.createGain();
    master.connect(ctx.destination);
  }
  if (ctx.state === "suspended") ctx.resume();
  master.gain.value = prefs.volume;
  return ctx;
}

function tone(a, { freq, type = "sine", start = 0, dur = 0.15, gain = 0.2, slide = 0 }) {
  const t0 = a.currentTime + start;
  const osc = a.createOscillator();
  const amp = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (slide) osc.frequency.exponentialRampToValueAtTime(freq * slide, t0 + dur);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(amp).connect(master);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

function noise(a, { start = 0, dur = 0.08, gain = 0.3, freq = 2500 }) {
  const t0 = a.currentTime + start;
  const buf = a.createBuffer(1, Math.ceil(a.sampleRate * dur), a.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 2;
  const src = a.createBufferSource();
  const filter = a.createBiquadFilter();
  const amp = a.createGain();
  src.buffer = buf;
  filter.type = "bandpass";
  filter.frequency.value = freq;
  amp.gain.value = gain;
  src.connect(filter).connect(amp).connect(master);
  src.start(t0);
}

const SOUNDS = {
  card: (a) => noise(a, { dur: 0.07, gain: 0.5, freq: 1800 }),
  truco: (a) => {
    for (const [i, f] of [220, 277, 330].entries()) tone(a, { freq: f, type: "sawtooth", dur: 0.45, gain: 0.09, slide: 1.5, start: i * 0.015 });
    noise(a, { dur: 0.25, gain: 0.6, freq: 300 });
    tone(a, { freq: 660, type: "square", start: 0.32, dur: 0.3, gain: 0.07 });
  },
  answer: (a) => tone(a, { freq: 440, type: "triangle", dur: 0.18, gain: 0.15 }),
  trick: (a) => {
    tone(a, { freq: 660, dur: 0.12, gain: 0.15 });
    tone(a, { freq: 990, dur: 0.2, gain: 0.15, start: 0.1 });
  },
  hand: (a) => [523, 659, 784, 1047].forEach((f, i) => tone(a, { freq: f, type: "triangle", dur: 0.25, gain: 0.15, start: i * 0.09 })),
  lost: (a) => [392, 330, 262].forEach((f, i) => tone(a, { freq: f, type: "triangle", dur: 0.3, gain: 0.14, start: i * 0.12 })),
  turn: (a) => tone(a, { freq: 880, dur: 0.12, gain: 0.08 }),
  signal: (a) => tone(a, { freq: 1320, dur: 0.08, gain: 0.06, slide: 0.8 }),
  chat: (a) => tone(a, { freq: 1000, dur: 0.05, gain: 0.05 }),
};

/** Play one of the named sounds, unless the player muted them. */
export function play(name) {
  const a = audio();
  if (a && SOUNDS[name]) SOUNDS[name](a);
}

/** Say a call out loud ("TRUCO!", "SEIS!") in the page's language, unless sound or the shout is turned off. */
export function shout(text) {
  if (!prefs.sound || !prefs.shout || !window.speechSynthesis || !window.SpeechSynthesisUtterance) return;
  const words = new SpeechSynthesisUtterance(text);
  words.lang = prefs.lang;
  words.rate = 1.15;
  words.pitch = 1.2;
  words.volume = prefs.volume;
  speechSynthesis.speak(words);
}
