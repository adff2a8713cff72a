-- Named e-mail templates are assets looked up by file name and owner at each templated mail (notifications).
CREATE INDEX assets_filename_idx ON assets (filename, customer_id);
