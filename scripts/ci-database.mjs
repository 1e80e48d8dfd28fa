// CI helper: creates or drops a scratch database on the server named by ADMIN_DATABASE_URL.
import pg from "pg";

const [action, name] = process.argv.slice(2);
if (!["create", "drop"].includes(action ?? "") || !/^[a-z0-9_]+$/.test(name ?? "")) {
  console.error("usage: ci-database.mjs create|drop NAME");
  process.exit(2);
}
const client = new pg.Client({ connectionString: process.env.ADMIN_DATABASE_URL });
await client.connect();
await client.query(
  action === "create" ? `CREATE DATABASE ${name}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
);
await client.end();
