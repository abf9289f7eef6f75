export { type ExecuteActionSpy, type MockedAssistant, mockAssistantAction } from './mock-assistant-action.js';
