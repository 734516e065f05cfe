/** The flags every operator command answers with its usage (on stdout, exit 0), wherever they stand among its arguments. */
export const HELP_FLAGS: readonly string[] = ['--help', '-h'];

export const asksForHelp = (args: readonly string[]): boolean => args.some((arg) => HELP_FLAGS.includes(arg));
