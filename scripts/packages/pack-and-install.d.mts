/** The packages npm warned about with EBADENGINE in an install's output, and the engines each requires. */
export function engineWarnings(output: string): Array<{ package: string; required: string }>;
