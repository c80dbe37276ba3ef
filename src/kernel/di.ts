/**
 * The only place that imports tsyringe's decorators. Implementations import `inject`/`injectable` from
 * here, so the container library stays an implementation detail of the kernel.
 */
import 'reflect-metadata';
export { inject, injectable, injectAll } from 'tsyringe';
