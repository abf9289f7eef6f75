/**
 * One line saying why `serve` could not listen and what to do about it: a taken port names the port and how to
 * choose another (`--port`, `PORT`, `0` for a free one); a refused one says which ports need privileges.
 */
export function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): string {
  const where = `${host}:${port}`;
  const choose = 'choose another with --port <n> or PORT=<n> (0 picks a free one)';
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use (another server?): stop it, or ${choose}.`;
    case 'EACCES':
      return `Not allowed to listen on ${where} (ports below 1024 need privileges): ${choose}.`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen on ${where}: ${host} is not an address of this machine; pass one with --host.`;
    default:
      return `Cannot listen on ${where}: ${error.code ?? error.message}.`;
  }
}

/** `n action` or `n actions`. */
export function countActions(count: number): string {
  return `${count} ${count === 1 ? 'action' : 'actions'}`;
}
