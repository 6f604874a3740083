// Asking the person at the controlling terminal, never the process that started us: the prompt is written to and
// the answer read from /dev/tty, so an agent that pipes `yes` into stdin answers nothing. The code to type is random
// each time, so no answer can be prepared in advance.
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { randomInt } from 'node:crypto';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const MAX_ANSWER_BYTES = 256;

export type Confirmation = 'confirmed' | 'refused' | 'no-terminal';

/** Shows `question` on the terminal and asks for a fresh code; `no-terminal` when this process has none. */
export function confirmAtTerminal(question: string, ttyPath = '/dev/tty'): Confirmation {
  let fd: number;
  try {
    fd = openSync(ttyPath, 'r+');
  } catch {
    return 'no-terminal';
  }
  try {
    const code = Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    writeSync(fd, `\n${question}\nType ${code} to allow it, anything else to refuse: `);
    const answer = readLine(fd);
    const confirmed = answer.trim().toUpperCase() === code;
    writeSync(fd, confirmed ? 'Allowed.\n' : 'Refused.\n');
    return confirmed ? 'confirmed' : 'refused';
  } finally {
    closeSync(fd);
  }
}

function readLine(fd: number): string {
  const buffer = Buffer.alloc(MAX_ANSWER_BYTES);
  let length = 0;
  while (length < MAX_ANSWER_BYTES) {
    const read = readSync(fd, buffer, length, 1, null);
    if (read === 0 || buffer[length] === 0x0a || buffer[length] === 0x0d) break;
    length += read;
  }
  return buffer.subarray(0, length).toString('utf8');
}
