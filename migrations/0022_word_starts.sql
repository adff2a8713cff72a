-- A product's words now hold each word's starts as lexemes of their own (`~f`, `~fj`, ... `~fjord`, up to 16
-- letters), so a typed word is one exact lexeme of the words index instead of a prefix probe that gathers every row
-- of every lexeme it starts (docs/decisions.md, "Product search"). The words are cut in JS, not SQL: the vectors
-- stored before are emptied here and computed again when the service starts (ResourceService.indexMissingWords, 500
-- products a transaction; processes starting together share them).
UPDATE products SET words = NULL WHERE words IS NOT NULL;
