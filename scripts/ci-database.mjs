// CI helper: creates or drops a scratch database on the server named by ADMIN_DATABASE_URL.
import pg from "pg";

const [action, name] = process.argv.slice(2);
if (!["create", "drop"].includes(action ?? "") || !/^[a-z0-9_]+$/.test(name ?? "")) {
  console.error("usage: ci-database.mjs create|drop NAME");
  process.exit(2);
}
const client = new pg.Client({ connectionString: process.env.ADMIN_DATABASE_URL });
await client.connect();
if (action === "create") {
  await client.query(`CREATE DATABASE ${name}`);
} else {
  // The test workers' copies of it too (test/global-setup.mjs names them after it), should a run
  // have been stopped before its teardown.
  const { rows } = await client.query(
    "SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $1 || '\\_t%'",
    [name],
  );
  for (const { datname } of rows) {
    await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
}
await client.end();
