Feature: ep ui shows context packages, sessions and assembled context in a browser
  `ep ui` serves a local page on loopback and prints its address, with an access token, in one envelope.
  Chromium opens that address; everything on the page comes from the library API, and every record and
  prompt is untrusted text.

  Scenario: Search the active package's records and see their BM25 scores
    Given an active context package with records about a pricing pilot
    And ep ui is serving
    When I open the printed address in the browser
    And I search the page's records for "pricing pilot"
    Then the search results list "pilot-plan" first with a BM25 score above 0
    And the search says it ranked the fields "key, kind, title, summary, content, tags"

  Scenario: A record's history and its diff between two commits
    Given an active context package with records about a pricing pilot
    And the record "pilot-plan" got a new summary "Run the pilot with 400 respondents." in a second commit
    And ep ui is serving
    When I open the record "pilot-plan" from the records table
    Then its package's history shows 2 commits, the newest "Double the pilot"
    And the diff between them marks "summary" as changed, from "200 respondents" to "400 respondents"

  Scenario: A nested call of a session shows the prompt its model saw
    Given a session "planning" in which "plan" called "survey", which asked the model
    And ep ui is serving
    When I open the session "planning" from the sessions list
    And I expand the call "plan", then its nested call "survey", then that call's model call
    Then the model call shows the prompt it saw, with "Survey the topic and list what is known."

  Scenario: A running session gains a node while its page is open
    Given a session "live" that is running and has taken its first step
    And ep ui is serving
    When I open the session "live" from the sessions list
    And the running session takes its second step
    Then the open page shows the call "second" under "stepwise" without being reloaded

  Scenario: Assemble context for a request and see the budget bar
    Given an active context package with records about a pricing pilot
    And ep ui is serving
    When I assemble context for the purpose "plan the pricing pilot" with a token budget of 400
    Then the fragments list "pilot-plan" with its tier, detail depth and tokens
    And the budget bar shows the share of the 400-token budget the fragments use

  Scenario: Requests without the token or under a foreign Host are refused
    Given ep ui is serving
    When I open the page without its token
    Then the browser is refused with status 401 and sees no records
    And a request with the token under the Host "rebind.example" is refused with status 421
    And a POST with the token from the origin "http://rebind.example" is refused with status 403
    And ep ui stops on SIGTERM with exit code 0

  Scenario: A record whose summary holds markup renders as text
    Given an active context package with a record whose summary is "<script>window.injected = true</script><img src=x>"
    And ep ui is serving
    When I open the printed address in the browser
    Then the records table shows that summary as literal text
    And no script or image from the record made it into the page
