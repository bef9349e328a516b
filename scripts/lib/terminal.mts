// The terminal of `npm start`: lines printed above the demo console's prompt, so that a mail or a
// relay pulse arriving while someone types does not mangle what they are typing.
import { clearLine, createInterface, cursorTo, type Interface } from 'node:readline';

export class Terminal {
  private prompt: Interface | undefined;

  print(line: string): void {
    if (!this.prompt) {
      process.stdout.write(`${line}\n`);
      return;
    }
    clearLine(process.stdout, 0);
    cursorTo(process.stdout, 0);
    process.stdout.write(`${line}\n`);
    this.prompt.prompt(true);
  }

  /**
   * Hands each typed line to `onLine`: on a terminal behind a prompt (Ctrl-C then calls
   * `onInterrupt`, since the prompt takes the keys), otherwise (piped input) line by line.
   */
  readCommands(promptText: string, onLine: (line: string) => void, onInterrupt: () => void): void {
    if (!process.stdin.isTTY) {
      createInterface({ input: process.stdin }).on('line', onLine);
      return;
    }
    const prompt = createInterface({ input: process.stdin, output: process.stdout, prompt: promptText });
    this.prompt = prompt;
    prompt.on('line', (line) => {
      onLine(line);
      prompt.prompt();
    });
    prompt.on('SIGINT', onInterrupt);
    prompt.on('close', () => {
      if (this.prompt === prompt) this.prompt = undefined;
    });
    prompt.prompt();
  }

  /** Ends the prompt; what is printed next starts on a clean line. */
  close(): void {
    const prompt = this.prompt;
    if (!prompt) return;
    this.prompt = undefined;
    clearLine(process.stdout, 0);
    cursorTo(process.stdout, 0);
    prompt.close();
  }
}
