/** Unit and integration tests: the nodes run through real n8n-core execution contexts, HTTP mocked with nock. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
	},
	setupFilesAfterEnv: ['<rootDir>/test/support/setup.ts'],
	testTimeout: 30000,
	maxWorkers: 2,
	watchman: false,
};
