Feature: Paths named from outside are read bounded, and only where allowed
  Every path a user, a pointer, a config or an MCP client names goes through one checked reader: regular
  files only, opened without blocking, within a size limit, so a device or a named pipe is refused at once
  instead of hanging or filling memory. Errors never show what a file holds. Over MCP, tools read only the
  active contexts and packages under the project or the roots the client declares.

  Scenario: A named pipe given as a package is refused at once
    Given a context package "notes.ep"
    And a named pipe "pipe.ep"
    When I run "ep context search --path notes.ep --path pipe.ep --query first"
    Then the command fails with code "INVALID_PACKAGE" and exit code 5
    And the error message mentions "is not a regular file: it is a named pipe (FIFO)"

  Scenario: A device listed in the pointer is refused before it is read
    Given a context package "notes.ep"
    And the pointer lists "notes.ep" and "/dev/zero"
    When I run "ep context search --query first"
    Then the command fails with code "INVALID_PACKAGE" and exit code 5
    And the error message mentions "/dev/zero is not a regular file: it is a character device"

  Scenario: A config linked to a file that is not JSON is refused without showing the file
    Given the file "secret.txt" contains "root:$6$s3cretHash:19000:0:99999:7:::"
    And ".edsl/ep.json" is a link to "secret.txt"
    When I run "ep plugins list"
    Then the command fails with code "PLUGIN_CONFIG_INVALID" and exit code 5
    And no output shows "s3cretHash"

  Scenario: A pointer listing one package 20,000 times reads it once
    Given a context package "notes.ep"
    And the pointer lists "notes.ep" 20000 times
    When I run "ep context search --query first"
    Then the command succeeds
    And the envelope data "context_paths" has 1 items

  Scenario: More active contexts than the limit are refused before any is opened
    Given the pointer lists 65 different packages
    When I run "ep context search --query first"
    Then the command fails with code "LIMIT_EXCEEDED" and exit code 5
    And the error message mentions "the limit is 64 packages"

  Scenario: clear racing use --append never brings back what it cleared
    Given the active context is "base.ep"
    When "ep context clear" and "ep context use --append --path new.ep" run at once, 15 times over
    Then the pointer never names "base.ep" afterwards

  Scenario: Over MCP, a tool reads packages under the client's roots and nothing outside them
    Given a context package "shared/team.ep"
    And a context package "elsewhere/other.ep"
    When an MCP client declaring the root "shared" connects to "ep mcp" in "project"
    And the client calls "builtin/context-search" with {"query": "first", "paths": ["../shared/team.ep"]}
    Then the MCP result is not an error
    When the client calls "builtin/context-search" with {"query": "first", "paths": ["../elsewhere/other.ep"]}
    Then the MCP result is an error with code "PATH_NOT_ALLOWED" mentioning "../elsewhere/other.ep"

  Scenario: Over MCP, a device is refused, even where the server allows paths, and the server keeps answering
    Given a context package "notes.ep"
    When an MCP client connects to "ep mcp --allow-path /dev"
    And the client calls "builtin/context-search" with {"query": "first", "paths": ["/dev/zero"]}
    Then the MCP result is an error with code "INVALID_PACKAGE" mentioning "character device"
    When the client calls "builtin/context-search" with {"query": "first", "paths": ["notes.ep"]}
    Then the MCP result is not an error
