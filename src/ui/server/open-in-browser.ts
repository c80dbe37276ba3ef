import { execa } from 'execa';

/** Asks the desktop to open `url`; a machine without one says so on stderr and the server keeps serving. */
export async function openInBrowser(url: string): Promise<void> {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    await execa(command, args, { stdio: 'ignore', detached: true, timeout: 10_000 });
  } catch (error) {
    process.stderr.write(`ep ui: could not open a browser (${(error as Error).message.split('\n')[0]}); open the address yourself\n`);
  }
}
