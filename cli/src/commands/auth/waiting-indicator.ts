// "waiting for the browser… (Ctrl+C to cancel)" while a sign-in waits on the person: a spinner on a terminal, one
// plain line when the output is a pipe or a file (so logs and tests get the words without the frames).
const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 80;

export interface WaitingIndicator {
  /** Takes the spinner off the line, so what is printed next starts on a clean line. */
  stop(): void;
}

export function startWaiting(message: string, stream: NodeJS.WriteStream = process.stderr): WaitingIndicator {
  if (!stream.isTTY) {
    stream.write(`${message}\n`);
    return { stop() {} };
  }
  let frame = 0;
  const draw = (): void => {
    stream.write(`\r${FRAMES[frame % FRAMES.length]} ${message}`);
    frame += 1;
  };
  draw();
  const timer = setInterval(draw, FRAME_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      stream.write('\r\x1b[K');
    },
  };
}
