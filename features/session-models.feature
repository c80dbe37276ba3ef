Feature: Agent functions reach any configured model runtime
  The scripted runtime is the default; a project can choose an OpenAI-compatible server instead, with its
  address, model and key from the environment.

  Scenario Outline: An OpenAI-compatible server receives the prompt (<entry point>)
    Given a chat completions server on loopback that the project uses as its model
    When I run the example agent "survey" with input '{"topic":"tides"}' from <entry point>
    Then the run succeeds with a session id
    And the chat server received the instructions of "survey" from model "local-test"

    Examples:
      | entry point   |
      | the CLI       |
      | embedded code |
