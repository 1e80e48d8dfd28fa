// The Node.js versions the README and the deployment guide name: on Node.js 24 no installed
// package declares a Node.js it does not satisfy (npm install warns of none); the packages that
// make npm warn on Node.js 20.19 and 22 are exactly those the guide names.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { projectRoot } from "../../src/paths.js";

interface Lock {
  packages: Record<string, { engines?: { node?: string } }>;
}

const lock = JSON.parse(readFileSync(join(projectRoot, "package-lock.json"), "utf8")) as Lock;
const guide = readFileSync(join(projectRoot, "docs/operations/deployment.md"), "utf8");
const section = guide.slice(
  guide.indexOf("### Node.js versions"),
  guide.indexOf("## In production"),
);

/** The installed packages whose declared Node.js range `version` is outside of, by name. */
function refusing(version: string): string[] {
  const names = Object.entries(lock.packages).flatMap(([path, p]) => {
    const range = p.engines?.node;
    if (!path || !range || semver.satisfies(version, range)) return [];
    return [path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length)];
  });
  return [...new Set(names)].sort();
}

test("Node.js 24, which the README asks for, satisfies every installed package", () => {
  expect(readFileSync(join(projectRoot, "README.md"), "utf8")).toContain("You need Node.js 24");
  expect(refusing("24.0.0")).toEqual([]);
});

test.each(["20.19.0", "22.13.0"])(
  "the packages npm warns about on Node.js %s are those the deployment guide names",
  (version) => {
    const named = refusing(version).filter((name) => {
      const scope = name.startsWith("@") ? `${name.split("/")[0]}/*` : null;
      return (
        section.includes(`\`${name}\``) || (scope !== null && section.includes(`\`${scope}\``))
      );
    });
    expect(named).toEqual(refusing(version));
    expect(refusing(version).length).toBeGreaterThan(0);
  },
);
