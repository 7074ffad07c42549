export { startAllInOne, type AllInOne } from './all-in-one.ts';
export { runAdmin, parseArgs, COMMANDS } from './admin-cli.ts';
export { configTable, errorTable } from './docs.ts';
