/** The second thread of a framed inflate: takes chunks alongside the main thread until none are left. */
import { workerData } from 'node:worker_threads';
import { takeChunks, type FramedInflateShared } from './framed-inflate-chunks.js';

takeChunks(workerData as FramedInflateShared);
