/**
 * Run by agent-config-no-code-generation.test.ts in a child `node --disallow-code-generation-from-strings`:
 * prints the validator core chose and what `validateAgentConfig` returned for each case, as one JSON line.
 */
import { runtimeJsonValidator } from '@affordance/core';
import { validateAgentConfig } from '@affordance/core/detect';
import { AGENT_CONFIGS } from './agent-config-cases.js';

const outcomes = AGENT_CONFIGS.map((config) => validateAgentConfig(config));
process.stdout.write(`${JSON.stringify({ validator: runtimeJsonValidator().name, outcomes })}\n`);
