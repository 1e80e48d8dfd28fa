/** @type {import('jest').Config} */
export default {
  testEnvironment: "node",
  extensionsToTreatAsEsm: [".ts"],
  moduleNameMapper: {
    "^(\\.{1,2}/.*)\\.js$": "$1",
  },
  transform: {
    "^.+\\.ts$": ["ts-jest", { useESM: true, tsconfig: "tsconfig.json" }],
  },
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  globalSetup: "<rootDir>/test/global-setup.mjs",
  globalTeardown: "<rootDir>/test/global-teardown.mjs",
  setupFilesAfterEnv: ["<rootDir>/test/setup-machine.ts"],
  testTimeout: 60000,
  maxWorkers: 2,
  // A worker keeps every test file's ES module graph it has loaded (the server's, each file's
  // own copy): its heap grew from 150 MB to 2.2 GB over 37 files, and the files late in a run
  // slowed down for it. A worker past 1 GB is replaced between files (the same worker number,
  // so the same database); those 37 files ran in 157 s instead of 179 s.
  workerIdleMemoryLimit: "1GB",
};
