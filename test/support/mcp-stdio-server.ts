// Serves the MCP fixture registry over stdio for the tests: `node --import tsx test/support/mcp-stdio-server.ts`.
// MCP_TEST_USER and MCP_TEST_ROLES (comma-separated) set the principal of the connection.
import { runStdioServer } from '@affordance/mcp/stdio';
import { createFixtureRegistry } from './mcp-fixture-registry.js';

const id = process.env.MCP_TEST_USER;
const roles = process.env.MCP_TEST_ROLES?.split(',').filter(Boolean) ?? [];
await runStdioServer(createFixtureRegistry(), id ? { user: { id, roles } } : {});
