import { EXIT, paint, parseCommand, printJson, UsageError } from '../cli-io.js';
import type { Command } from '../command.js';
import { loadConfig } from '../load-config.js';
import { startProgress } from '../progress.js';

/** `affordance db migrate|status`: apply pending migrations, or show which are applied and pending. */
export const dbCommand: Command = {
  name: 'db',
  summary: 'apply database migrations, or show their status',
  usage: `affordance db migrate|status [--data dir] [--json]

  status exits 1 when migrations are pending; both exit 3 when the database cannot be opened`,
  async run(args, io) {
    const { values, positionals } = parseCommand(args, {});
    const action = positionals[0];
    if ((action !== 'migrate' && action !== 'status') || positionals.length > 1) {
      throw new UsageError("give 'migrate' or 'status'");
    }
    const { migrate, migrationStatus, openDatabase } = await import('@affordance/store-postgres');
    const { databaseLocation } = await import('../open-app.js');
    const { config, folder } = await loadConfig(values.config);
    const { options, storage } = databaseLocation({
      config,
      configFolder: folder,
      ...(values.data !== undefined ? { data: values.data } : {}),
    });
    const progress = startProgress(io);
    progress.step(`Opening ${storage}…`);
    const opened = await openDatabase(options).finally(() => progress.done());
    try {
      if (action === 'migrate') {
        progress.step('Applying migrations…');
        const applied = await migrate(opened.db).finally(() => progress.done());
        if (values.json) printJson(io, { storage, applied });
        else
          io.out(
            applied.length
              ? `Applied migrations ${applied.join(', ')} (${storage}).\n`
              : `Nothing to migrate (${storage}).\n`,
          );
        return EXIT.ok;
      }
      const status = await migrationStatus(opened.db);
      if (values.json) printJson(io, { storage, ...status });
      else {
        io.out(`${storage}: version ${status.current} of ${status.latest}\n`);
        for (const pending of status.pending)
          io.out(`  ${paint(io, 'yellow', 'pending')} ${pending.version} ${pending.name}\n`);
      }
      return status.pending.length > 0 ? EXIT.failed : EXIT.ok;
    } finally {
      await opened.close();
    }
  },
};
