// Acceptance suite. Step definitions are compiled by `tsc` into dist/ first (npm test does this), so
// decorator metadata and types behave exactly as in the shipped build.
export default {
  paths: ['features/**/*.feature'],
  import: ['dist/features/support/**/*.js', 'dist/features/step_definitions/**/*.js'],
  strict: true,
  parallel: 2,
  format: ['progress', 'json:reports/cucumber.json'],
  formatOptions: { snippetInterface: 'async-await' },
};
