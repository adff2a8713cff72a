/** The run's database: PostgreSQL when DATABASE_URL names a server, else the embedded PGlite (test-app.ts). */
export const databaseUrl = process.env.DATABASE_URL || 'memory://';
export const onPostgres = databaseUrl.startsWith('postgres');
