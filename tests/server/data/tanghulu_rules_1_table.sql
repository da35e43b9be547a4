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
INSERT INTO "actions" VALUES('Au6PHCMaI-s',1,'return',0,'2026-12-02 14:40:53.026857');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',2,'buy S4 on 3',0,'2026-12-02 14:40:53.058296');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',3,'buy S3 on 3',0,'2026-12-02 14:40:53.079956');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',4,'place 1',1,'2026-12-02 14:40:53.094845');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',5,'buy S2 on 3',1,'2026-12-02 14:40:53.107478');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',6,'buy S4 on 1',1,'2026-12-02 14:40:53.121529');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',7,'buy S2 on 3',2,'2026-12-02 14:40:53.126291');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',8,'buy S3 on 1',2,'2026-12-02 14:40:53.134391');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',9,'place 2',0,'2026-12-02 14:40:53.157080');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',10,'buy S3 on 3',0,'2026-12-02 14:40:53.171680');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',11,'buy S3 on 2',1,'2026-12-02 14:40:53.183174');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',12,'buy S1 on 1',2,'2026-12-02 14:40:53.194719');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',13,'buy S3 on 2',2,'2026-12-02 14:40:53.218549');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',14,'return',0,'2026-12-02 14:40:53.252869');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',15,'buy S1 on 3',0,'2026-12-02 14:40:53.279718');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',16,'buy S3 on 2',1,'2026-12-02 14:40:53.291003');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',17,'place 2',2,'2026-12-02 14:40:53.298480');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',18,'work',2,'2026-12-02 14:40:53.311151');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',19,'garnish 3',0,'2026-12-02 14:40:53.345358');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',20,'work',0,'2026-12-02 14:40:53.367476');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',21,'buy S4 on 1',1,'2026-12-02 14:40:53.378919');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',22,'buy S1 on 1',2,'2026-12-02 14:40:53.390774');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',23,'buy S2 on 3',2,'2026-12-02 14:40:53.401944');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',24,'buy S4 on 1',2,'2026-12-02 14:40:53.414610');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',25,'place 2',0,'2026-12-02 14:40:53.448821');
INSERT INTO "actions" VALUES('Au6PHCMaI-s',26,'buy S1 on 1',0,'2026-12-02 14:40:53.475744');
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
INSERT INTO "seats" VALUES('Au6PHCMaI-s',0,'Ada','human',0,0,1,'0efe0f391d774cf2a3ef0cb7cf32295177422dd754bb70540e20efba0ed39386','3b8fd2a0faaf456abccee0a2268f98182a6e2e777b078c2e1639c88f101c0159');
INSERT INTO "seats" VALUES('Au6PHCMaI-s',1,'Random bot 2','random',0,0,1,'2812a2950c586da2a25cb0ff379d95900f9d3254d2e52fd6cf9cbb3ce02701e8',NULL);
INSERT INTO "seats" VALUES('Au6PHCMaI-s',2,'Random bot 3','random',0,0,1,'0f182adba68f163be65fcf3e5e1ee485ff12098c7a68925a3d620df53641072e',NULL);
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
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(campaign_id) REFERENCES campaigns (id)
);
INSERT INTO "tables" VALUES('Au6PHCMaI-s','tanghulu','1','{"first_player": 1, "random_first": true, "round_limit": 0, "multi_garnish": false}',5437757971790869154,3,'playing',1,1,0,'aaa1f5b7d74cc0732fc5d3e3beda1e9d9da8e23b0d84eed2a6e135d2ce431c57',NULL,NULL,NULL,NULL,'null','ismcts:easy','2026-12-02 14:40:52.923148','2026-12-02 14:40:53.469743');
CREATE INDEX ix_campaigns_owner_hash ON campaigns (owner_hash);
CREATE INDEX ix_tables_status ON tables (status);
CREATE INDEX ix_tables_campaign_id ON tables (campaign_id);
CREATE UNIQUE INDEX tables_one_unfinished_per_campaign ON tables (campaign_id) WHERE status IN ('open', 'playing');
CREATE UNIQUE INDEX tables_seed_unique ON tables (seed);
CREATE INDEX ix_seats_token_hash ON seats (token_hash);
CREATE INDEX ix_table_notes_table_id ON table_notes (table_id);
COMMIT;
