#!/usr/bin/env node
import { installLastResortHandlers } from '../dist/src/cli/last-resort.js';
import { main } from '../dist/src/cli/main.js';

const fatal = installLastResortHandlers();
await main().catch(fatal);
