BEGIN TRANSACTION;
CREATE TABLE actions (
	table_id VARCHAR(32) NOT NULL, 
	number INTEGER NOT NULL, 
	text VARCHAR(64) NOT NULL, 
	seat INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (table_id, number), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "actions" VALUES('dexllacAJQE',1,'buy C3',2,'2026-12-02 18:48:35.297107');
INSERT INTO "actions" VALUES('dexllacAJQE',2,'place blood F8',2,'2026-12-02 18:48:35.300827');
INSERT INTO "actions" VALUES('dexllacAJQE',3,'place blood well C4',2,'2026-12-02 18:48:35.313408');
INSERT INTO "actions" VALUES('dexllacAJQE',4,'place lemon I3',2,'2026-12-02 18:48:35.317162');
INSERT INTO "actions" VALUES('dexllacAJQE',5,'place grapefruit well G7',2,'2026-12-02 18:48:35.324601');
INSERT INTO "actions" VALUES('dexllacAJQE',6,'end turn',2,'2026-12-02 18:48:35.337324');
INSERT INTO "actions" VALUES('dexllacAJQE',7,'buy C2',0,'2026-12-02 18:48:35.421115');
INSERT INTO "actions" VALUES('dexllacAJQE',8,'place blood H4',0,'2026-12-02 18:48:35.470072');
INSERT INTO "actions" VALUES('dexllacAJQE',9,'place lemon well D3',0,'2026-12-02 18:48:35.527820');
INSERT INTO "actions" VALUES('dexllacAJQE',10,'place grapefruit I5',0,'2026-12-02 18:48:35.549492');
INSERT INTO "actions" VALUES('dexllacAJQE',11,'end turn',0,'2026-12-02 18:48:35.596395');
INSERT INTO "actions" VALUES('dexllacAJQE',12,'buy C0',1,'2026-12-02 18:48:35.617298');
INSERT INTO "actions" VALUES('dexllacAJQE',13,'site F',1,'2026-12-02 18:48:35.633601');
INSERT INTO "actions" VALUES('dexllacAJQE',14,'place blood L2',1,'2026-12-02 18:48:35.640726');
INSERT INTO "actions" VALUES('dexllacAJQE',15,'place grapefruit K3',1,'2026-12-02 18:48:35.665465');
INSERT INTO "actions" VALUES('dexllacAJQE',16,'end turn',1,'2026-12-02 18:48:35.681052');
INSERT INTO "actions" VALUES('dexllacAJQE',17,'buy C0',2,'2026-12-02 18:48:35.684572');
INSERT INTO "actions" VALUES('dexllacAJQE',18,'place grapefruit D5',2,'2026-12-02 18:48:35.708869');
INSERT INTO "actions" VALUES('dexllacAJQE',19,'place lemon H3',2,'2026-12-02 18:48:35.711308');
INSERT INTO "actions" VALUES('dexllacAJQE',20,'end turn',2,'2026-12-02 18:48:35.733472');
INSERT INTO "actions" VALUES('dexllacAJQE',21,'buy R3',0,'2026-12-02 18:48:35.760616');
CREATE TABLE campaigns (
	id VARCHAR(32) NOT NULL, 
	game VARCHAR(32) NOT NULL, 
	name VARCHAR(80) NOT NULL, 
	data JSON NOT NULL, 
	owner_hash VARCHAR(64), 
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (id)
);
CREATE TABLE seats (
	table_id VARCHAR(32) NOT NULL, 
	seat INTEGER NOT NULL, 
	name VARCHAR(40) NOT NULL, 
	controller VARCHAR(32) NOT NULL, 
	takeover BOOLEAN DEFAULT 0 NOT NULL, 
	stood_in BOOLEAN DEFAULT 0 NOT NULL, 
	claimed BOOLEAN NOT NULL, 
	invite_hash VARCHAR(64) NOT NULL, 
	token_hash VARCHAR(64), 
	PRIMARY KEY (table_id, seat), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "seats" VALUES('dexllacAJQE',0,'Ada','human',0,0,1,'4044ceb4ef7e6818579731309af10bc00f6d43e2c04fac918f24514a01a141a1','dadb8dc376d47fa1340fa5ca2a9167d50da53f31c0e979945b369bdcd74c7d3a');
INSERT INTO "seats" VALUES('dexllacAJQE',1,'Random bot 2','random',0,0,1,'0aef63a5dc7301a69b860554f5f27e42354d41fbc54f8606ff8adc5c4859e561',NULL);
INSERT INTO "seats" VALUES('dexllacAJQE',2,'Random bot 3','random',0,0,1,'6e9b924cafff2aec2c8f2c8cd15cac5d167a2d6f01a8974699099c2092d48c16',NULL);
CREATE TABLE table_notes (
	id INTEGER NOT NULL, 
	table_id VARCHAR(32) NOT NULL, 
	kind VARCHAR(16) NOT NULL, 
	seat INTEGER, 
	name VARCHAR(40) NOT NULL, 
	text VARCHAR(500) NOT NULL, 
	move INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
CREATE TABLE tables (
	id VARCHAR(32) NOT NULL, 
	game VARCHAR(32) NOT NULL, 
	rules_version VARCHAR(16) NOT NULL, 
	options JSON NOT NULL, 
	seed BIGINT NOT NULL, 
	num_players INTEGER NOT NULL, 
	status VARCHAR(16) NOT NULL, 
	allow_spectators BOOLEAN NOT NULL, 
	open_join BOOLEAN NOT NULL, 
	spectator_chat BOOLEAN DEFAULT 0 NOT NULL, 
	host_token_hash VARCHAR(64) NOT NULL, 
	rematch_of VARCHAR(32), 
	rematch_id VARCHAR(32), 
	campaign_id VARCHAR(32), 
	result JSON, 
	clock JSON, 
	takeover VARCHAR(32), 
	tutorial VARCHAR(48), 
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(campaign_id) REFERENCES campaigns (id)
);
INSERT INTO "tables" VALUES('dexllacAJQE','citrus','1','{"board": "short", "family": false, "random_sites": false, "free_placement": false, "first_player": 1, "random_first": true, "cart_restriction": true, "horses_at_once": false, "three_fincas": false}',8845320214106736274,3,'playing',1,1,0,'6af2ef1c640b097533437cf324e59f2dcef07b6fc8b4846fa38cb306eed4e84b',NULL,NULL,NULL,NULL,'null','ismcts:easy',NULL,'2026-12-02 18:48:35.016203','2026-12-02 18:48:35.759391');
CREATE INDEX ix_campaigns_owner_hash ON campaigns (owner_hash);
CREATE UNIQUE INDEX tables_one_unfinished_per_campaign ON tables (campaign_id) WHERE status IN ('open', 'playing');
CREATE INDEX ix_tables_campaign_id ON tables (campaign_id);
CREATE INDEX ix_tables_status ON tables (status);
CREATE UNIQUE INDEX tables_seed_unique_but_tutorials ON tables (seed) WHERE tutorial IS NULL;
CREATE INDEX ix_seats_token_hash ON seats (token_hash);
CREATE INDEX ix_table_notes_table_id ON table_notes (table_id);
COMMIT;
