Feature: ep mcp stays within its bounds whatever the client does
  A client that writes without reading gets backpressure instead of a server that grows without bound, and a
  session records each call within its bound (docs/limits.md). Checked with the SDK client where the client
  behaves, and with a raw child process where it does not.

  Background:
    Given a project whose ep config loads the example word-count plugin and a writing tool

  Scenario: A huge tool input is answered correctly and recorded cut short, with a marker naming its size
    When an MCP client connects to "ep mcp --session big-input"
    And the client sends "acme/word-count" a text of 2000000 words
    Then the MCP result "words" is 2000000
    When the client disconnects
    And I run "ep session show big-input"
    Then the session call "acme/word-count" recorded its input "text" cut short, with the marker naming 4000000 bytes
    And the session call "acme/word-count" takes at most 256 KiB

  Scenario: The server still serves after a burst from a client that does not read
    When a client that does not read writes 5000 "tools/list" requests to "ep mcp"
    And that client starts reading
    Then every one of those requests is answered once
    And ep mcp stayed under 300 MiB of resident memory
    And a new "tools/list" request is answered with "acme/word-count" listed
