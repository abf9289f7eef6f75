import { describe, expect, it } from 'vitest';
import * as formats from './formats/index.js';
import * as root from './index.js';
import * as ports from './ports/index.js';

// The root is the kernel's front door: adding a name here is a deliberate change to this list, not a side effect
// of an `export` somewhere. Everything else is reached through its entry point.
const ROOT_VALUES = [
  'ActionFailure',
  'AffordanceError',
  'ERROR_CODES',
  'PIPELINE',
  'TOOL_FORMATS',
  'actionError',
  'ajvValidator',
  'approvalIdOf',
  'compileValidator',
  'createEmitter',
  'createMemoryStore',
  'createPartialJsonParser',
  'createRegistry',
  'createToolCallAssembler',
  'cspSafeValidator',
  'defineAction',
  'defineActionFor',
  'defineDynamicAction',
  'errorCodes',
  'errorForModel',
  'isAction',
  'isErrorCode',
  'isKernelError',
  'isReply',
  'isStandardSchema',
  'jsonSchemaOf',
  'kernelErrorCodes',
  'parseActions',
  'qualifiedName',
  'renderActionsPrompt',
  'runAgent',
  'runtimeJsonValidator',
  'silentLogger',
  'toolInputSchema',
  'withMessage',
];

// The public contract (DESIGN §5): outside code imports these from '@affordance/core'.
const CONTRACT = [
  'defineAction',
  'createRegistry',
  'parseActions',
  'renderActionsPrompt',
  'createToolCallAssembler',
  'createPartialJsonParser',
  'runAgent',
] as const;

/** A module's exports by name (read through a map, so the lookups below are not dynamic namespace accesses). */
const exportsOf = (module: object) => new Map<string, unknown>(Object.entries(module));
const rootExports = exportsOf(root);
const formatsExports = exportsOf(formats);
const portsExports = exportsOf(ports);

describe('the root export', () => {
  it('exports exactly the kernel values', () => {
    expect([...rootExports.keys()].sort()).toEqual([...ROOT_VALUES].sort());
  });

  it.each(CONTRACT)('exports the contract function %s', (name) => {
    expect(typeof rootExports.get(name)).toBe('function');
  });

  it('keeps the names it moved out on their entry points', () => {
    const onFormats = [
      'formatTools',
      'toAGUITools',
      'toAnthropicTools',
      'toGeminiTools',
      'toMCPTools',
    ] as const;
    for (const name of [...onFormats, 'toOpenAIChatTools', 'toOpenAIResponsesTools'] as const) {
      expect(typeof formatsExports.get(name), name).toBe('function');
      expect(rootExports.has(name), name).toBe(false);
    }
    const onPorts = [
      'createMemoryApprovalStore',
      'createMemoryAuditLog',
      'createMemoryConversationStore',
      'createMemoryIdempotencyStore',
      'createMemoryRateLimiter',
      'createMemorySessionHistory',
    ] as const;
    for (const name of onPorts) {
      expect(typeof portsExports.get(name), name).toBe('function');
      expect(rootExports.has(name), name).toBe(false);
    }
  });

  it('shares one value between the root and an entry point that both export it', () => {
    expect(root.TOOL_FORMATS).toBe(formats.TOOL_FORMATS);
    expect(root.createMemoryStore).toBe(ports.createMemoryStore);
  });
});
