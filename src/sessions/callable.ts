/**
 * Any callable value. Agent functions and methods are found on modules and instances at run time with
 * whatever signature their authors gave them; ep only calls them and reads their source (the docstring).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- deliberately every function, classes included
export type Callable = Function;
