Feature: A damaged code cache never changes an answer
  The code context's cache under $EP_HOME is read as untrusted input, each block checked against its
  checksum when first read. A warm request reads the cache's search index a part at a time (the postings of
  its own query terms), so damage there is found by the query that reads it, after the tree was already
  served from the cache: that query is answered from the search texts, and the index is built again.

  Scenario: Damaged postings in the search index are answered from the texts and kept sound again
    Given a Python project of 300 generated modules
    And ep has read the project, which has not changed for a minute since
    And I ran "ep context request --purpose 'handle widget w17 w205 w488' --depth SIGNATURES --token-budget 400" and noted its fragments
    When every block of postings in the code cache's search index is damaged
    And I run "ep context request --purpose 'handle widget w17 w205 w488' --depth SIGNATURES --token-budget 400"
    Then the fragments are the noted ones
    And the code cache's search index is the sound one again
