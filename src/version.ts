/** The version plugins' `engine` ranges are checked against. A unit test keeps it equal to package.json. */
export const EP_VERSION = '0.1.0';
