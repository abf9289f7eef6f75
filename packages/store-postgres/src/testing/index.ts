export { describeConversationStoreContract } from './describe-conversation-store-contract.js';
