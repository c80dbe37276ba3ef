Feature: ep run keeps stdout for its envelope and records every run
  Agent code may print while it runs; stdout still carries exactly one envelope, and what the code printed
  goes to stderr. A plain exported function (not decorated) is the root node of its session, with the text
  of the string directive opening its body (its docstring) as its instructions.

  Background:
    Given an agent module "printing-agent.mjs" that prints on stdout

  Scenario: Text an agent prints with console.log and process.stdout.write goes to stderr
    When I run "ep run ./printing-agent.mjs#plan --input" with the JSON argument:
      """
      {"topic": "tides"}
      """
    Then the command succeeds
    And stderr mentions "printed at the top of the module"
    And stderr mentions "printed by plan with console.log { topic: 'tides' }"
    And stderr mentions "printed by survey with process.stdout.write"

  Scenario: Text printed after the agent returned, by a timer or on exit, goes to stderr too
    When I run "ep run ./printing-agent.mjs#printLater"
    Then the command succeeds
    And the envelope data "output" is "returned"
    And stderr mentions "printed by a timer after printLater returned"
    And stderr mentions "printed by an exit listener" after "continue it with --session"

  Scenario: runAgentInSubprocess runs an agent that prints
    When I run "./printing-agent.mjs#plan" with input '{"topic":"tides"}' through runAgentInSubprocess
    Then the run succeeds with a session id
    And the session has a "completed" node "plan"
    And the node "survey" is called by "plan"

  Scenario: A plain exported function is the root node of its session
    When I run "ep run ./printing-agent.mjs#plan --input" with the JSON argument:
      """
      {"topic": "tides"}
      """
    And I show the session of the last command as a tree
    Then the session tree reads:
      """
      plan [completed]
        survey [completed]
          model:scripted [completed]
        model:scripted [completed]
      """

  Scenario: A docstring gives a plain function its instructions
    When I run "ep run ./printing-agent.mjs#plan --input" with the JSON argument:
      """
      {"topic": "tides"}
      """
    Then the node "plan" of the last command's session has the instructions "Plan the pilot: name the sample, the budget and the timeline."
    And the model call made by "plan" was prompted with those instructions
