// The standby's base backup copies a running cluster's folder: what the server remakes is left
// out, and a file the server removes between listing and copying is skipped, not fatal (as
// pg_basebackup; WAL replay from the backup's start makes the copy consistent).
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyLiveCluster } from "../../src/db/embedded.js";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "live-copy-"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const put = async (path: string, text = "x") => {
  await mkdir(join(root, "from", path, ".."), { recursive: true });
  await writeFile(join(root, "from", path), text);
};

describe("copying a running cluster's folder", () => {
  it("copies relations and leaves out what the server remakes", async () => {
    await put("PG_VERSION", "17");
    await put("base/5/1259", "relation");
    await put("base/5/pg_internal.init");
    await put("base/pgsql_tmp/pgsql_tmp1.0");
    await put("pg_wal/000000010000000000000001");
    await put("pg_stat_tmp/db_0.stat");
    await put("postmaster.pid");
    await copyLiveCluster(join(root, "from"), join(root, "to"));
    const to = join(root, "to");
    expect(await readFile(join(to, "PG_VERSION"), "utf8")).toBe("17");
    expect(await readFile(join(to, "base/5/1259"), "utf8")).toBe("relation");
    expect(await readdir(join(to, "base/5"))).toEqual(["1259"]);
    expect(await readdir(join(to, "base"))).toEqual(["5"]);
    expect(await readdir(join(to, "pg_wal"))).toEqual([]);
    expect(await readdir(join(to, "pg_stat_tmp"))).toEqual([]);
    expect((await readdir(to)).sort()).toEqual(["PG_VERSION", "base", "pg_stat_tmp", "pg_wal"]);
  });

  it("skips a file gone between the listing and its copy", async () => {
    await put("base/5/1259", "relation");
    // Listed, but opening it finds nothing: as a file the server unlinked a moment after readdir.
    await symlink(join(root, "removed"), join(root, "from/base/5/16384"));
    await copyLiveCluster(join(root, "from"), join(root, "to"));
    expect(await readdir(join(root, "to/base/5"))).toEqual(["1259"]);
  });
});
