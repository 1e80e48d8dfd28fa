// The standby's base backup copies a running cluster's folder as pg_basebackup does: what the
// server remakes is left out, links stay links, and a cluster folder that is not there is an error
// (a file the server removes while the copy runs is skipped: WAL replay from the backup's start
// makes the copy consistent; the replicas' suite and benchmark copy a cluster under load).
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
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

  it("copies a link as a link (a tablespace, a WAL folder elsewhere)", async () => {
    await put("PG_VERSION", "17");
    await mkdir(join(root, "from/pg_tblspc"), { recursive: true });
    await symlink(join(root, "space"), join(root, "from/pg_tblspc/16400"));
    await copyLiveCluster(join(root, "from"), join(root, "to"));
    expect(await readlink(join(root, "to/pg_tblspc/16400"))).toBe(join(root, "space"));
  });

  it("refuses a cluster folder that is not there, rather than copying nothing", async () => {
    await expect(copyLiveCluster(join(root, "nowhere"), join(root, "to"))).rejects.toMatchObject({
      code: "ENOENT",
    });
  });
});
