// How a simple reference to a variable is spelled: `$NAME`, `${NAME}`, `$1`, `$@`… Values keep such references
// to variables not known (values.ts), and the commands that print paths pass them on (literal-output.ts).

/** Every simple reference in a text. */
export const SIMPLE_REFERENCES = /\$(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-]|\{[A-Za-z_][A-Za-z0-9_]*\})/g;
