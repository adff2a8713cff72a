-- An upload's rows are staged a piece at a time: one row per chunk the import job takes (500 rows on PostgreSQL, 100
-- on the embedded database), its rows as one JSON text the job parses once. A row per line cost an insert, a read and
-- a delete of a JSONB document each (6.5 % of the database's time during an import, and the service's JSON text
-- written and parsed twice). A chunk still stores its products, its errors and the piece's deletion in one
-- transaction, so a restart resumes at the first piece left.
CREATE TABLE IF NOT EXISTS product_import_pieces (
  import_id text NOT NULL,
  first_line integer NOT NULL,
  rows text NOT NULL,
  PRIMARY KEY (import_id, first_line)
);

-- Rows staged before this migration, in pieces of 100 (the job cuts a larger piece to its chunk).
INSERT INTO product_import_pieces (import_id, first_line, rows)
SELECT import_id, min(line),
  json_agg(json_build_object('line', line, 'body', body, 'problem', problem) ORDER BY line)::text
FROM (
  SELECT staged.*, (row_number() OVER (PARTITION BY import_id ORDER BY line) - 1) / 100 AS piece
  FROM product_import_rows AS staged
) AS numbered
GROUP BY import_id, piece;

DROP TABLE product_import_rows;
