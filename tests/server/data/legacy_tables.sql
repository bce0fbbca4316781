BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('0001');
CREATE TABLE bans (
	id INTEGER NOT NULL, 
	nickname_key VARCHAR(40) NOT NULL, 
	scope VARCHAR(8) NOT NULL, 
	created_at FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT uq_bans_nickname_scope UNIQUE (nickname_key, scope)
);
CREATE TABLE events (
	id INTEGER NOT NULL, 
	table_id VARCHAR(16) NOT NULL, 
	seq INTEGER NOT NULL, 
	kind VARCHAR(16) NOT NULL, 
	data TEXT NOT NULL, 
	at FLOAT NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT uq_events_table_seq UNIQUE (table_id, seq)
);
INSERT INTO "events" VALUES(1,'FoO4Z5ls',1,'join','{"seat": 1, "player_id": "6s1YU326QlqPSWxG", "nickname": "P1", "secret": "t4sh3UfAWId9tMTAn_8Ptu7nxht-Q2QY"}',1.79607391358557486535e+09);
INSERT INTO "events" VALUES(2,'FoO4Z5ls',2,'join','{"seat": 2, "player_id": "eSBmk5pDQEQ1j-A8", "nickname": "P2", "secret": "e9V2J08M1jqaDpMQZdwd53W68pEmuYym"}',1.79607391358841371542e+09);
INSERT INTO "events" VALUES(3,'FoO4Z5ls',3,'join','{"seat": 3, "player_id": "0erqgy0h6NRYG_LS", "nickname": "P3", "secret": "Gje9tZCbzGY15VgRAv1azZDV9vYqoUjK"}',1.79607391359036421777e+09);
INSERT INTO "events" VALUES(4,'FoO4Z5ls',4,'start','{"deadline": null}',1.79607391359092402453e+09);
INSERT INTO "events" VALUES(5,'FoO4Z5ls',5,'signal','{"seat": 3, "cmd": "P3-1", "gesture": "piscar"}',1.79607391360877013206e+09);
INSERT INTO "events" VALUES(6,'FoO4Z5ls',6,'act','{"seat": 3, "cmd": "P3-r1", "action": {"seat": 3, "type": "raise"}, "by": "player", "deadline": null}',1.79607391360954189293e+09);
INSERT INTO "events" VALUES(7,'FoO4Z5ls',7,'act','{"seat": 0, "cmd": "P0-r1", "action": {"seat": 0, "type": "run"}, "by": "player", "deadline": null}',1.79607391361031126968e+09);
INSERT INTO "events" VALUES(8,'FoO4Z5ls',8,'act','{"seat": 2, "cmd": "P2-r1", "action": {"seat": 2, "type": "accept"}, "by": "player", "deadline": null}',1.79607391361116170876e+09);
INSERT INTO "events" VALUES(9,'FoO4Z5ls',9,'signal','{"seat": 3, "cmd": "P3-2", "gesture": "piscar"}',1.79607391361186671252e+09);
INSERT INTO "events" VALUES(10,'FoO4Z5ls',10,'act','{"seat": 3, "cmd": "P3-r2", "action": {"seat": 3, "type": "play", "card": "4C"}, "by": "player", "deadline": null}',1.79607391361249661447e+09);
INSERT INTO "events" VALUES(11,'FoO4Z5ls',11,'act','{"seat": 0, "cmd": "P0-r2", "action": {"seat": 0, "type": "play", "card": "2S"}, "by": "player", "deadline": null}',1.79607391361314892765e+09);
INSERT INTO "events" VALUES(12,'FoO4Z5ls',12,'act','{"seat": 1, "cmd": "P1-r1", "action": {"seat": 1, "type": "play", "card": "6S"}, "by": "player", "deadline": null}',1.79607391361388373375e+09);
INSERT INTO "events" VALUES(13,'FoO4Z5ls',13,'act','{"seat": 2, "cmd": "P2-r2", "action": {"seat": 2, "type": "play", "card": "5D"}, "by": "player", "deadline": null}',1.79607391361464858057e+09);
INSERT INTO "events" VALUES(14,'FoO4Z5ls',14,'act','{"seat": 0, "cmd": "P0-r3", "action": {"seat": 0, "type": "play", "card": "2H"}, "by": "player", "deadline": null}',1.79607391361535072326e+09);
INSERT INTO "events" VALUES(15,'FoO4Z5ls',15,'act','{"seat": 1, "cmd": "P1-r2", "action": {"seat": 1, "type": "play", "card": "2C"}, "by": "player", "deadline": null}',1.79607391361600303653e+09);
INSERT INTO "events" VALUES(16,'FoO4Z5ls',16,'signal','{"seat": 2, "cmd": "P2-1", "gesture": "piscar"}',1.79607391361678504944e+09);
INSERT INTO "events" VALUES(17,'FoO4Z5ls',17,'act','{"seat": 2, "cmd": "P2-r3", "action": {"seat": 2, "type": "play", "card": "JD", "covered": true}, "by": "player", "deadline": null}',1.79607391361736369126e+09);
INSERT INTO "events" VALUES(18,'FoO4Z5ls',18,'act','{"seat": 3, "cmd": "P3-r3", "action": {"seat": 3, "type": "play", "card": "6D", "covered": true}, "by": "player", "deadline": null}',1.79607391361819362634e+09);
INSERT INTO "events" VALUES(19,'FoO4Z5ls',19,'act','{"seat": 1, "cmd": "P1-r3", "action": {"seat": 1, "type": "play", "card": "KS"}, "by": "player", "deadline": null}',1.79607391361897039414e+09);
INSERT INTO "events" VALUES(20,'FoO4Z5ls',20,'act','{"seat": 2, "cmd": "P2-r4", "action": {"seat": 2, "type": "play", "card": "3S", "covered": true}, "by": "player", "deadline": null}',1.79607391361960935585e+09);
INSERT INTO "events" VALUES(21,'FoO4Z5ls',21,'act','{"seat": 3, "cmd": "P3-r4", "action": {"seat": 3, "type": "play", "card": "7H", "covered": true}, "by": "player", "deadline": null}',1.79607391362032461166e+09);
INSERT INTO "events" VALUES(22,'FoO4Z5ls',22,'act','{"seat": 0, "cmd": "P0-r4", "action": {"seat": 0, "type": "play", "card": "AC"}, "by": "player", "deadline": null}',1.79607391362095093721e+09);
INSERT INTO "events" VALUES(23,'FoO4Z5ls',23,'act','{"seat": 0, "cmd": "P0-r5", "action": {"seat": 0, "type": "play", "card": "QD"}, "by": "player", "deadline": null}',1.79607391362168669702e+09);
INSERT INTO "events" VALUES(24,'FoO4Z5ls',24,'act','{"seat": 1, "cmd": "P1-r4", "action": {"seat": 1, "type": "raise"}, "by": "player", "deadline": null}',1.796073913622344017e+09);
INSERT INTO "events" VALUES(25,'FoO4Z5ls',25,'act','{"seat": 0, "cmd": "P0-r6", "action": {"seat": 0, "type": "raise"}, "by": "player", "deadline": null}',1.79607391362313222882e+09);
INSERT INTO "events" VALUES(26,'FoO4Z5ls',26,'signal','{"seat": 1, "cmd": "P1-1", "gesture": "bochecha"}',1.79607391362403607366e+09);
INSERT INTO "events" VALUES(27,'FoO4Z5ls',27,'signal','{"seat": 3, "cmd": "P3-3", "gesture": "bochecha"}',1.79607391362421536448e+09);
INSERT INTO "events" VALUES(28,'FoO4Z5ls',28,'act','{"seat": 1, "cmd": "P1-r5", "action": {"seat": 1, "type": "raise"}, "by": "player", "deadline": null}',1.7960739136249461174e+09);
INSERT INTO "events" VALUES(29,'FoO4Z5ls',29,'act','{"seat": 0, "cmd": "P0-r7", "action": {"seat": 0, "type": "run"}, "by": "player", "deadline": null}',1.79607391362569475175e+09);
INSERT INTO "events" VALUES(30,'FoO4Z5ls',30,'act','{"seat": 2, "cmd": "P2-r6", "action": {"seat": 2, "type": "raise"}, "by": "player", "deadline": null}',1.79607391362599277495e+09);
INSERT INTO "events" VALUES(31,'FoO4Z5ls',31,'signal','{"seat": 3, "cmd": "P3-4", "gesture": "bochecha"}',1.79607391362642717356e+09);
INSERT INTO "events" VALUES(32,'FoO4Z5ls',32,'act','{"seat": 1, "cmd": "P1-r6", "action": {"seat": 1, "type": "run"}, "by": "player", "deadline": null}',1.79607391362726426121e+09);
INSERT INTO "events" VALUES(33,'FoO4Z5ls',33,'act','{"seat": 3, "cmd": "P3-r5", "action": {"seat": 3, "type": "run"}, "by": "player", "deadline": null}',1.7960739136275851726e+09);
INSERT INTO "events" VALUES(34,'k6oBBISQ',1,'join','{"seat": 1, "player_id": "UHARJjWJYiam9jZa", "nickname": "P1", "secret": "gxwbrQjOP8V0ri9cstl5Q-K4AmDtJDd5"}',1.79607391372955775259e+09);
INSERT INTO "events" VALUES(35,'k6oBBISQ',2,'join','{"seat": 2, "player_id": "hJiTHO-J1JEHY3MR", "nickname": "P2", "secret": "YFbrKPBWGd9OrlfNUnAFVBZfJiPnjzpN"}',1.79607391373165178297e+09);
INSERT INTO "events" VALUES(36,'k6oBBISQ',3,'join','{"seat": 3, "player_id": "BP6QY8L-fJZpWnB3", "nickname": "P3", "secret": "ZxvK16EV5KVcCgBleJcC4plIj5K0n0K_"}',1.796073913733505249e+09);
INSERT INTO "events" VALUES(37,'k6oBBISQ',4,'start','{"deadline": null}',1.79607391373416686052e+09);
INSERT INTO "events" VALUES(38,'k6oBBISQ',5,'act','{"seat": 2, "cmd": "P2-r1", "action": {"seat": 2, "type": "play", "card": "2S"}, "by": "player", "deadline": null}',1.79607391374392151833e+09);
INSERT INTO "events" VALUES(39,'k6oBBISQ',6,'signal','{"seat": 3, "cmd": "P3-1", "gesture": "bochecha"}',1.79607391374481725689e+09);
INSERT INTO "events" VALUES(40,'k6oBBISQ',7,'act','{"seat": 3, "cmd": "P3-r1", "action": {"seat": 3, "type": "play", "card": "KH"}, "by": "player", "deadline": null}',1.79607391374537444118e+09);
INSERT INTO "events" VALUES(41,'k6oBBISQ',8,'act','{"seat": 0, "cmd": "P0-r1", "action": {"seat": 0, "type": "play", "card": "7S"}, "by": "player", "deadline": null}',1.79607391374609756465e+09);
INSERT INTO "events" VALUES(42,'k6oBBISQ',9,'act','{"seat": 1, "cmd": "P1-r1", "action": {"seat": 1, "type": "play", "card": "QS"}, "by": "player", "deadline": null}',1.79607391374675083159e+09);
INSERT INTO "events" VALUES(43,'k6oBBISQ',10,'act','{"seat": 2, "cmd": "P2-r2", "action": {"seat": 2, "type": "play", "card": "6S", "covered": true}, "by": "player", "deadline": null}',1.7960739137477807998e+09);
INSERT INTO "events" VALUES(44,'k6oBBISQ',11,'act','{"seat": 3, "cmd": "P3-r2", "action": {"seat": 3, "type": "raise"}, "by": "player", "deadline": null}',1.79607391374850153924e+09);
INSERT INTO "events" VALUES(45,'k6oBBISQ',12,'act','{"seat": 0, "cmd": "P0-r2", "action": {"seat": 0, "type": "raise"}, "by": "player", "deadline": null}',1.79607391374903106687e+09);
INSERT INTO "events" VALUES(46,'k6oBBISQ',13,'act','{"seat": 1, "cmd": "P1-r2", "action": {"seat": 1, "type": "accept"}, "by": "player", "deadline": null}',1.796073913750002861e+09);
INSERT INTO "events" VALUES(47,'k6oBBISQ',14,'act','{"seat": 3, "cmd": "P3-r3", "action": {"seat": 3, "type": "run"}, "by": "player", "deadline": null}',1.79607391375039744381e+09);
INSERT INTO "events" VALUES(48,'k6oBBISQ',15,'act','{"seat": 3, "cmd": "P3-r4", "action": {"seat": 3, "type": "play", "card": "KC", "covered": true}, "by": "player", "deadline": null}',1.7960739137512938976e+09);
INSERT INTO "events" VALUES(49,'k6oBBISQ',16,'act','{"seat": 0, "cmd": "P0-r3", "action": {"seat": 0, "type": "play", "card": "7D", "covered": true}, "by": "player", "deadline": null}',1.79607391375180602075e+09);
INSERT INTO "events" VALUES(50,'k6oBBISQ',17,'act','{"seat": 1, "cmd": "P1-r3", "action": {"seat": 1, "type": "raise"}, "by": "player", "deadline": null}',1.79607391375251078608e+09);
INSERT INTO "events" VALUES(51,'k6oBBISQ',18,'signal','{"seat": 0, "cmd": "P0-1", "gesture": "sobrancelha"}',1.79607391375304031367e+09);
INSERT INTO "events" VALUES(52,'k6oBBISQ',19,'act','{"seat": 2, "cmd": "P2-r4", "action": {"seat": 2, "type": "accept"}, "by": "player", "deadline": null}',1.79607391375365281101e+09);
INSERT INTO "events" VALUES(53,'k6oBBISQ',20,'signal','{"seat": 0, "cmd": "P0-2", "gesture": "sobrancelha"}',1.79607391375408053397e+09);
INSERT INTO "events" VALUES(54,'k6oBBISQ',21,'signal','{"seat": 0, "cmd": "P0-3", "gesture": "bochecha"}',1.79607391375484561914e+09);
INSERT INTO "events" VALUES(55,'k6oBBISQ',22,'act','{"seat": 0, "cmd": "P0-r4", "action": {"seat": 0, "type": "raise"}, "by": "player", "deadline": null}',1.79607391375540781019e+09);
INSERT INTO "events" VALUES(56,'k6oBBISQ',23,'act','{"seat": 1, "cmd": "P1-r4", "action": {"seat": 1, "type": "run"}, "by": "player", "deadline": null}',1.79607391375620055202e+09);
INSERT INTO "events" VALUES(57,'k6oBBISQ',24,'act','{"seat": 3, "cmd": "P3-r5", "action": {"seat": 3, "type": "run"}, "by": "player", "deadline": null}',1.79607391375656604763e+09);
INSERT INTO "events" VALUES(58,'k6oBBISQ',25,'act','{"seat": 3, "cmd": "P3-r6", "action": {"seat": 3, "type": "play", "card": "7S"}, "by": "player", "deadline": null}',1.7960739137574779987e+09);
INSERT INTO "events" VALUES(59,'k6oBBISQ',26,'act','{"seat": 0, "cmd": "P0-r5", "action": {"seat": 0, "type": "raise"}, "by": "player", "deadline": null}',1.79607391375801157947e+09);
INSERT INTO "events" VALUES(60,'k6oBBISQ',27,'signal','{"seat": 1, "cmd": "P1-1", "gesture": "lingua"}',1.79607391375876331331e+09);
INSERT INTO "events" VALUES(61,'k6oBBISQ',28,'act','{"seat": 3, "cmd": "P3-r7", "action": {"seat": 3, "type": "run"}, "by": "player", "deadline": null}',1.79607391375892663006e+09);
INSERT INTO "events" VALUES(62,'k6oBBISQ',29,'act','{"seat": 1, "cmd": "P1-r5", "action": {"seat": 1, "type": "accept"}, "by": "player", "deadline": null}',1.79607391375973129274e+09);
INSERT INTO "events" VALUES(63,'k6oBBISQ',30,'act','{"seat": 0, "cmd": "P0-r6", "action": {"seat": 0, "type": "play", "card": "KD"}, "by": "player", "deadline": null}',1.79607391376042270655e+09);
INSERT INTO "events" VALUES(64,'oIZ1X6p5',1,'join','{"seat": 1, "player_id": "GKiOAskrs-Hx2wCf", "nickname": "D1", "secret": "CblJ6NJixFLHeLzAg-ItiynroUNoJP_d"}',1.79607391551803159714e+09);
INSERT INTO "events" VALUES(65,'oIZ1X6p5',2,'start','{"deadline": null}',1.79607391551866412164e+09);
INSERT INTO "events" VALUES(66,'oIZ1X6p5',3,'act','{"seat": 1, "cmd": "D1-r1", "action": {"seat": 1, "type": "play", "card": "3D"}, "by": "player", "deadline": null}',1.79607391552311944958e+09);
INSERT INTO "events" VALUES(67,'oIZ1X6p5',4,'act','{"seat": 0, "cmd": "D0-r1", "action": {"seat": 0, "type": "raise"}, "by": "player", "deadline": null}',1.79607391552367711071e+09);
INSERT INTO "events" VALUES(68,'oIZ1X6p5',5,'act','{"seat": 1, "cmd": "D1-r2", "action": {"seat": 1, "type": "accept"}, "by": "player", "deadline": null}',1.79607391552429175377e+09);
INSERT INTO "events" VALUES(69,'oIZ1X6p5',6,'act','{"seat": 0, "cmd": "D0-r2", "action": {"seat": 0, "type": "play", "card": "KD"}, "by": "player", "deadline": null}',1.79607391552482247359e+09);
INSERT INTO "events" VALUES(70,'oIZ1X6p5',7,'act','{"seat": 1, "cmd": "D1-r3", "action": {"seat": 1, "type": "play", "card": "KC"}, "by": "player", "deadline": null}',1.79607391552532482149e+09);
INSERT INTO "events" VALUES(71,'oIZ1X6p5',8,'act','{"seat": 0, "cmd": "D0-r3", "action": {"seat": 0, "type": "play", "card": "QC", "covered": true}, "by": "player", "deadline": null}',1.79607391552591586112e+09);
INSERT INTO "events" VALUES(72,'oIZ1X6p5',9,'act','{"seat": 0, "cmd": "D0-r4", "action": {"seat": 0, "type": "raise"}, "by": "player", "deadline": null}',1.79607391552642226221e+09);
INSERT INTO "events" VALUES(73,'oIZ1X6p5',10,'act','{"seat": 1, "cmd": "D1-r4", "action": {"seat": 1, "type": "accept"}, "by": "player", "deadline": null}',1.79607391552692294113e+09);
INSERT INTO "events" VALUES(74,'oIZ1X6p5',11,'act','{"seat": 0, "cmd": "D0-r5", "action": {"seat": 0, "type": "play", "card": "3C"}, "by": "player", "deadline": null}',1.79607391552733612061e+09);
INSERT INTO "events" VALUES(75,'oIZ1X6p5',12,'act','{"seat": 1, "cmd": "D1-r5", "action": {"seat": 1, "type": "raise"}, "by": "player", "deadline": null}',1.79607391553148651127e+09);
INSERT INTO "events" VALUES(76,'oIZ1X6p5',13,'act','{"seat": 0, "cmd": "D0-r6", "action": {"seat": 0, "type": "raise"}, "by": "player", "deadline": null}',1.79607391553204798692e+09);
INSERT INTO "events" VALUES(77,'oIZ1X6p5',14,'act','{"seat": 1, "cmd": "D1-r6", "action": {"seat": 1, "type": "accept"}, "by": "player", "deadline": null}',1.79607391553256750104e+09);
INSERT INTO "events" VALUES(78,'oIZ1X6p5',15,'act','{"seat": 1, "cmd": "D1-r7", "action": {"seat": 1, "type": "play", "card": "2S"}, "by": "player", "deadline": null}',1.79607391553308081626e+09);
INSERT INTO "events" VALUES(79,'oIZ1X6p5',16,'act','{"seat": 0, "cmd": "D0-r7", "action": {"seat": 0, "type": "play", "card": "2H"}, "by": "player", "deadline": null}',1.79607391553350329398e+09);
INSERT INTO "events" VALUES(80,'oIZ1X6p5',17,'act','{"seat": 1, "cmd": "D1-r8", "action": {"seat": 1, "type": "play", "card": "QC", "covered": true}, "by": "player", "deadline": null}',1.79607391553413319592e+09);
INSERT INTO "events" VALUES(81,'oIZ1X6p5',18,'act','{"seat": 1, "cmd": "D1-r9", "action": {"seat": 1, "type": "raise"}, "by": "player", "deadline": null}',1.79607391553464078902e+09);
INSERT INTO "events" VALUES(82,'oIZ1X6p5',19,'act','{"seat": 0, "cmd": "D0-r8", "action": {"seat": 0, "type": "run"}, "by": "player", "deadline": null}',1.79607391553513598449e+09);
INSERT INTO "events" VALUES(83,'oIZ1X6p5',20,'act','{"seat": 0, "cmd": "D0-r9", "action": {"seat": 0, "type": "raise"}, "by": "player", "deadline": null}',1.796073915535586834e+09);
INSERT INTO "events" VALUES(84,'oIZ1X6p5',21,'act','{"seat": 1, "cmd": "D1-r10", "action": {"seat": 1, "type": "accept"}, "by": "player", "deadline": null}',1.79607391553606677049e+09);
INSERT INTO "events" VALUES(85,'oIZ1X6p5',22,'act','{"seat": 0, "cmd": "D0-r10", "action": {"seat": 0, "type": "play", "card": "KC"}, "by": "player", "deadline": null}',1.79607391553646755216e+09);
INSERT INTO "events" VALUES(86,'oIZ1X6p5',23,'act','{"seat": 1, "cmd": "D1-r11", "action": {"seat": 1, "type": "raise"}, "by": "player", "deadline": null}',1.79607391553695034986e+09);
INSERT INTO "events" VALUES(87,'oIZ1X6p5',24,'act','{"seat": 0, "cmd": "D0-r11", "action": {"seat": 0, "type": "raise"}, "by": "player", "deadline": null}',1.79607391553734111787e+09);
INSERT INTO "events" VALUES(88,'oIZ1X6p5',25,'act','{"seat": 1, "cmd": "D1-r12", "action": {"seat": 1, "type": "raise"}, "by": "player", "deadline": null}',1.79607391553782486919e+09);
INSERT INTO "events" VALUES(89,'oIZ1X6p5',26,'act','{"seat": 0, "cmd": "D0-r12", "action": {"seat": 0, "type": "run"}, "by": "player", "deadline": null}',1.79607391553828048703e+09);
CREATE TABLE players (
	id VARCHAR(32) NOT NULL, 
	nickname VARCHAR(40) NOT NULL, 
	nickname_key VARCHAR(40) NOT NULL, 
	created_at FLOAT NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "players" VALUES('JH9m0DrcqDdtRzXI','P0','p0',1.79607391351892232891e+09);
INSERT INTO "players" VALUES('6s1YU326QlqPSWxG','P1','p1',1.79607391353920912741e+09);
INSERT INTO "players" VALUES('eSBmk5pDQEQ1j-A8','P2','p2',1.79607391355972123144e+09);
INSERT INTO "players" VALUES('0erqgy0h6NRYG_LS','P3','p3',1.79607391357977509496e+09);
INSERT INTO "players" VALUES('R6X1xPckp9X8C-GM','P0','p0',1.79607391366720795626e+09);
INSERT INTO "players" VALUES('UHARJjWJYiam9jZa','P1','p1',1.79607391368630337716e+09);
INSERT INTO "players" VALUES('hJiTHO-J1JEHY3MR','P2','p2',1.79607391370514464382e+09);
INSERT INTO "players" VALUES('BP6QY8L-fJZpWnB3','P3','p3',1.79607391372514128683e+09);
INSERT INTO "players" VALUES('OpvqhJgWCgcW3cv_','D0','d0',1.79607391549377489086e+09);
INSERT INTO "players" VALUES('GKiOAskrs-Hx2wCf','D1','d1',1.79607391551391434676e+09);
CREATE TABLE reports (
	id INTEGER NOT NULL, 
	table_id VARCHAR(16) NOT NULL, 
	reporter_id VARCHAR(32) NOT NULL, 
	reporter_nickname VARCHAR(40) NOT NULL, 
	target_id VARCHAR(32), 
	target_nickname VARCHAR(40), 
	reason TEXT NOT NULL, 
	messages TEXT NOT NULL, 
	created_at FLOAT NOT NULL, 
	PRIMARY KEY (id)
);
CREATE TABLE seats (
	table_id VARCHAR(16) NOT NULL, 
	seat INTEGER NOT NULL, 
	kind VARCHAR(8) NOT NULL, 
	player_id VARCHAR(32), 
	nickname VARCHAR(40), 
	secret VARCHAR(64), 
	bot_kind VARCHAR(20), 
	bot_level VARCHAR(20), 
	PRIMARY KEY (table_id, seat)
);
INSERT INTO "seats" VALUES('FoO4Z5ls',0,'human','JH9m0DrcqDdtRzXI','P0','M5CArLAIf4kBCH5UYtrlrvfJ9Y6vVNkK',NULL,NULL);
INSERT INTO "seats" VALUES('FoO4Z5ls',1,'human','6s1YU326QlqPSWxG','P1','t4sh3UfAWId9tMTAn_8Ptu7nxht-Q2QY',NULL,NULL);
INSERT INTO "seats" VALUES('FoO4Z5ls',2,'human','eSBmk5pDQEQ1j-A8','P2','e9V2J08M1jqaDpMQZdwd53W68pEmuYym',NULL,NULL);
INSERT INTO "seats" VALUES('FoO4Z5ls',3,'human','0erqgy0h6NRYG_LS','P3','Gje9tZCbzGY15VgRAv1azZDV9vYqoUjK',NULL,NULL);
INSERT INTO "seats" VALUES('k6oBBISQ',0,'human','R6X1xPckp9X8C-GM','P0','pg3sdr3PSoUMipw12r8OO7U5-BK3V0vt',NULL,NULL);
INSERT INTO "seats" VALUES('k6oBBISQ',1,'human','UHARJjWJYiam9jZa','P1','gxwbrQjOP8V0ri9cstl5Q-K4AmDtJDd5',NULL,NULL);
INSERT INTO "seats" VALUES('k6oBBISQ',2,'human','hJiTHO-J1JEHY3MR','P2','YFbrKPBWGd9OrlfNUnAFVBZfJiPnjzpN',NULL,NULL);
INSERT INTO "seats" VALUES('k6oBBISQ',3,'human','BP6QY8L-fJZpWnB3','P3','ZxvK16EV5KVcCgBleJcC4plIj5K0n0K_',NULL,NULL);
INSERT INTO "seats" VALUES('oIZ1X6p5',0,'human','OpvqhJgWCgcW3cv_','D0','ZyOxuCtFpw0TI5NBvMZQUcnDZKz5hdxY',NULL,NULL);
INSERT INTO "seats" VALUES('oIZ1X6p5',1,'human','GKiOAskrs-Hx2wCf','D1','CblJ6NJixFLHeLzAg-ItiynroUNoJP_d',NULL,NULL);
CREATE TABLE settings (
	"key" VARCHAR(40) NOT NULL, 
	value TEXT NOT NULL, 
	PRIMARY KEY ("key")
);
INSERT INTO "settings" VALUES('secret','MFpEHen2EUQddQysxYrHt3Yg1Dny9wapoECGWuf3J4g');
CREATE TABLE tables (
	id VARCHAR(16) NOT NULL, 
	created_at FLOAT NOT NULL, 
	config TEXT NOT NULL, 
	seed INTEGER NOT NULL, 
	invite VARCHAR(32) NOT NULL, 
	public BOOLEAN NOT NULL, 
	status VARCHAR(10) NOT NULL, 
	finished_at FLOAT, 
	winner INTEGER, 
	score VARCHAR(10), 
	rematch_of VARCHAR(16), 
	rematch_id VARCHAR(16), 
	PRIMARY KEY (id)
);
INSERT INTO "tables" VALUES('FoO4Z5ls',1.79607391358240056035e+09,'{"rules": {"profile": "paulista"}, "timer": 0, "signals": true, "public": true}',353358270,'aLlrhbN8VzdHguoj',1,'over',1.79607391362758660319e+09,0,'[12,0]',NULL,NULL);
INSERT INTO "tables" VALUES('k6oBBISQ',1.79607391372754907608e+09,'{"rules": {"profile": "paulista"}, "timer": 0, "signals": true, "public": true}',1426659203,'6nu_KO-tPjLX7Hve',1,'playing',NULL,NULL,NULL,NULL,NULL);
INSERT INTO "tables" VALUES('oIZ1X6p5',1.79607391551616597173e+09,'{"rules": {"profile": "paulista", "players": 2, "deck": "clean"}, "timer": 0, "signals": true, "public": true}',1119837385,'2zJPeuXFkq12zXIV',1,'over',1.79607391553828120225e+09,1,'[9,12]',NULL,NULL);
CREATE INDEX ix_players_nickname_key ON players (nickname_key);
CREATE INDEX ix_tables_status ON tables (status);
CREATE INDEX ix_seats_player_id ON seats (player_id);
COMMIT;
