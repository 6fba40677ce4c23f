-- Custom migration: the trigram GIN indexes of the next migration need the operator class from pg_trgm.
-- PGlite loads the extension's code through its `extensions` option; PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
