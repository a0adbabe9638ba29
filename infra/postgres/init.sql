-- One PostgreSQL server, one database per service (the services create theirs at first start
-- when allowed; this script does it up front for a role without CREATEDB).
CREATE DATABASE portal_auth;
CREATE DATABASE portal_admin;
CREATE DATABASE portal_tracking;
CREATE DATABASE portal_stock;
CREATE DATABASE portal_huby;
CREATE DATABASE portal_alerts;
CREATE DATABASE portal_claims;
CREATE DATABASE portal_fever;
CREATE DATABASE portal_reports;
