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
};
