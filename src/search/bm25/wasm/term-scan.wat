;; Tokenizes ASCII text the way `scanTokens` does (lower-case A-Z; `. _ - / : #`, space and \t..\r end a
;; token) and interns each token to an id in first-seen order, in one pass over the bytes. Terms live in an
;; open-addressing table keyed by their UTF-16 code units, so tokens from non-ASCII texts (tokenized in
;; JavaScript) share the same ids through `intern16`. See term-table.ts for how it is driven.
;;
;; Memory: bytes 0..255 say which ASCII codes end a token; the rest is handed out by `alloc` and grows as
;; needed (the caller re-reads `memory.buffer` after each call). Per term: its hash, its start in the pool
;; of code units (`starts[count]` is the pool's end), and a slot holding its id + 1 (0: empty).
(module
  (memory (export "memory") 1)
  (data (i32.const 9) "\01\01\01\01\01")
  (data (i32.const 32) "\01")
  (data (i32.const 35) "\01")
  (data (i32.const 45) "\01\01\01")
  (data (i32.const 58) "\01")
  (data (i32.const 95) "\01")

  (global $bump (mut i32) (i32.const 256))
  (global $slots (mut i32) (i32.const 0))
  (global $mask (mut i32) (i32.const 0))
  (global $hashes (mut i32) (i32.const 0))
  (global $starts (mut i32) (i32.const 0))
  (global $capacity (mut i32) (i32.const 0))
  (global $pool (mut i32) (i32.const 0))
  (global $poolCapacity (mut i32) (i32.const 0))
  (global $count (mut i32) (i32.const 0))

  ;; `bytes` of fresh, zeroed memory (8-aligned).
  (func $alloc (export "alloc") (param $bytes i32) (result i32)
    (local $at i32) (local $end i32) (local $size i32)
    (local.set $at (global.get $bump))
    (local.set $end (i32.and (i32.add (i32.add (local.get $at) (local.get $bytes)) (i32.const 7)) (i32.const -8)))
    (local.set $size (i32.shl (memory.size) (i32.const 16)))
    (if (i32.gt_u (local.get $end) (local.get $size))
      (then
        (if (i32.lt_s
              (memory.grow (i32.shr_u (i32.add (i32.sub (local.get $end) (local.get $size)) (i32.const 0xffff)) (i32.const 16)))
              (i32.const 0))
          (then unreachable))))
    (global.set $bump (local.get $end))
    (local.get $at))

  (func (export "init") (param $terms i32) (param $poolUnits i32)
    (global.set $capacity (local.get $terms))
    (global.set $hashes (call $alloc (i32.shl (local.get $terms) (i32.const 2))))
    (global.set $starts (call $alloc (i32.shl (i32.add (local.get $terms) (i32.const 1)) (i32.const 2))))
    (global.set $poolCapacity (local.get $poolUnits))
    (global.set $pool (call $alloc (i32.shl (local.get $poolUnits) (i32.const 1))))
    (global.set $mask (i32.sub (i32.shl (local.get $terms) (i32.const 1)) (i32.const 1)))
    (global.set $slots (call $alloc (i32.shl (i32.add (global.get $mask) (i32.const 1)) (i32.const 2))))
    (global.set $count (i32.const 0)))

  (func (export "count") (result i32) (global.get $count))
  (func (export "starts") (result i32) (global.get $starts))
  (func (export "pool") (result i32) (global.get $pool))

  ;; Room for one more term of `units` code units: more term space, pool or slots (kept at most half full).
  (func $reserve (param $units i32)
    (local $old i32) (local $id i32) (local $slot i32) (local $newMask i32)
    (if (i32.ge_u (i32.add (global.get $count) (i32.const 1)) (global.get $capacity))
      (then
        (global.set $capacity (i32.shl (global.get $capacity) (i32.const 1)))
        (local.set $old (global.get $hashes))
        (global.set $hashes (call $alloc (i32.shl (global.get $capacity) (i32.const 2))))
        (memory.copy (global.get $hashes) (local.get $old) (i32.shl (global.get $count) (i32.const 2)))
        (local.set $old (global.get $starts))
        (global.set $starts (call $alloc (i32.shl (i32.add (global.get $capacity) (i32.const 1)) (i32.const 2))))
        (memory.copy (global.get $starts) (local.get $old) (i32.shl (i32.add (global.get $count) (i32.const 1)) (i32.const 2)))))
    (if (i32.gt_u (i32.add (call $poolEnd) (local.get $units)) (global.get $poolCapacity))
      (then
        (local.set $old (global.get $pool))
        (global.set $poolCapacity
          (i32.add (i32.shl (global.get $poolCapacity) (i32.const 1)) (local.get $units)))
        (global.set $pool (call $alloc (i32.shl (global.get $poolCapacity) (i32.const 1))))
        (memory.copy (global.get $pool) (local.get $old) (i32.shl (call $poolEnd) (i32.const 1)))))
    (if (i32.gt_u (i32.shl (i32.add (global.get $count) (i32.const 1)) (i32.const 1)) (global.get $mask))
      (then
        (local.set $newMask (i32.or (i32.shl (global.get $mask) (i32.const 1)) (i32.const 1)))
        (global.set $slots (call $alloc (i32.shl (i32.add (local.get $newMask) (i32.const 1)) (i32.const 2))))
        (global.set $mask (local.get $newMask))
        (local.set $id (i32.const 0))
        (block $done
          (loop $each
            (br_if $done (i32.ge_u (local.get $id) (global.get $count)))
            (local.set $slot (i32.and (i32.load (i32.add (global.get $hashes) (i32.shl (local.get $id) (i32.const 2)))) (global.get $mask)))
            (block $found
              (loop $probe
                (br_if $found (i32.eqz (i32.load (call $slotAt (local.get $slot)))))
                (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (global.get $mask)))
                (br $probe)))
            (i32.store (call $slotAt (local.get $slot)) (i32.add (local.get $id) (i32.const 1)))
            (local.set $id (i32.add (local.get $id) (i32.const 1)))
            (br $each))))))

  (func $slotAt (param $slot i32) (result i32)
    (i32.add (global.get $slots) (i32.shl (local.get $slot) (i32.const 2))))

  (func $startOf (param $id i32) (result i32)
    (i32.load (i32.add (global.get $starts) (i32.shl (local.get $id) (i32.const 2)))))

  (func $poolEnd (result i32) (call $startOf (global.get $count)))

  ;; The id of the term whose code units are bytes (`wide` 0) or UTF-16 units (`wide` 1) at `at`, `length`
  ;; long, with `hash`; added when new.
  (func $intern (param $at i32) (param $length i32) (param $hash i32) (param $wide i32) (result i32)
    (local $slot i32) (local $entry i32) (local $id i32) (local $from i32) (local $k i32)
    (local.set $slot (i32.and (local.get $hash) (global.get $mask)))
    (loop $probe
      (local.set $entry (i32.load (call $slotAt (local.get $slot))))
      (if (i32.eqz (local.get $entry))
        (then (return (call $add (local.get $at) (local.get $length) (local.get $hash) (local.get $wide)))))
      (local.set $id (i32.sub (local.get $entry) (i32.const 1)))
      (if (i32.eq (i32.load (i32.add (global.get $hashes) (i32.shl (local.get $id) (i32.const 2)))) (local.get $hash))
        (then
          (local.set $from (call $startOf (local.get $id)))
          (if (i32.eq (i32.sub (call $startOf (i32.add (local.get $id) (i32.const 1))) (local.get $from)) (local.get $length))
            (then
              (local.set $k (i32.const 0))
              (block $differs
                (loop $unit
                  (if (i32.ge_u (local.get $k) (local.get $length)) (then (return (local.get $id))))
                  (br_if $differs
                    (i32.ne
                      (i32.load16_u (i32.add (global.get $pool) (i32.shl (i32.add (local.get $from) (local.get $k)) (i32.const 1))))
                      (call $unitAt (local.get $at) (local.get $k) (local.get $wide))))
                  (local.set $k (i32.add (local.get $k) (i32.const 1)))
                  (br $unit)))))))
      (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (global.get $mask)))
      (br $probe))
    unreachable)

  (func $unitAt (param $at i32) (param $k i32) (param $wide i32) (result i32)
    (if (result i32) (local.get $wide)
      (then (i32.load16_u (i32.add (local.get $at) (i32.shl (local.get $k) (i32.const 1)))))
      (else (i32.load8_u (i32.add (local.get $at) (local.get $k))))))

  (func $add (param $at i32) (param $length i32) (param $hash i32) (param $wide i32) (result i32)
    (local $id i32) (local $to i32) (local $k i32) (local $slot i32)
    (call $reserve (local.get $length))
    ;; The slots may have been rebuilt: find the empty one this term's probe now ends at.
    (local.set $slot (i32.and (local.get $hash) (global.get $mask)))
    (block $found
      (loop $probe
        (br_if $found (i32.eqz (i32.load (call $slotAt (local.get $slot)))))
        (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (global.get $mask)))
        (br $probe)))
    (local.set $id (global.get $count))
    (local.set $to (call $startOf (local.get $id)))
    (block $copied
      (loop $unit
        (br_if $copied (i32.ge_u (local.get $k) (local.get $length)))
        (i32.store16
          (i32.add (global.get $pool) (i32.shl (i32.add (local.get $to) (local.get $k)) (i32.const 1)))
          (call $unitAt (local.get $at) (local.get $k) (local.get $wide)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $unit)))
    (i32.store (i32.add (global.get $starts) (i32.shl (i32.add (local.get $id) (i32.const 1)) (i32.const 2)))
      (i32.add (local.get $to) (local.get $length)))
    (i32.store (i32.add (global.get $hashes) (i32.shl (local.get $id) (i32.const 2))) (local.get $hash))
    (i32.store (call $slotAt (local.get $slot)) (i32.add (local.get $id) (i32.const 1)))
    (global.set $count (i32.add (local.get $id) (i32.const 1)))
    (local.get $id))

;; Tokenizes the ASCII bytes at `text` (`length` of them, lower-cased in place) and writes each token's
  ;; term id as a u32 at `out` (room for (length + 1) / 2 ids); returns how many.
  (func $scan (export "scan") (param $text i32) (param $length i32) (param $out i32) (result i32)
    (local $i i32) (local $end i32) (local $code i32) (local $start i32) (local $hash i32) (local $n i32)
    (local.set $end (i32.add (local.get $text) (local.get $length)))
    (local.set $start (i32.const -1))
    (local.set $i (local.get $text))
    (block $done
      (loop $byte
        (local.set $code (i32.const 32))
        (if (i32.lt_u (local.get $i) (local.get $end)) (then (local.set $code (i32.load8_u (local.get $i)))))
        (if (i32.load8_u (i32.and (local.get $code) (i32.const 255)))
          (then
            (if (i32.ge_s (local.get $start) (i32.const 0))
              (then
                (i32.store (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 2)))
                  (call $internAscii (local.get $start) (i32.sub (local.get $i) (local.get $start)) (local.get $hash)))
                (local.set $n (i32.add (local.get $n) (i32.const 1)))
                (local.set $start (i32.const -1)))))
          (else
            (if (i32.lt_s (local.get $start) (i32.const 0))
              (then
                (local.set $start (local.get $i))
                (local.set $hash (i32.const 0x811c9dc5))))
            ;; A-Z to a-z, without a branch.
            (local.set $code
              (i32.or (local.get $code) (i32.shl (i32.lt_u (i32.sub (local.get $code) (i32.const 65)) (i32.const 26)) (i32.const 5))))
            (i32.store8 (local.get $i) (local.get $code))
            (local.set $hash (i32.mul (i32.xor (local.get $hash) (local.get $code)) (i32.const 0x01000193)))))
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $byte)))
    (local.get $n))

  ;; `$intern` for lower-cased ASCII bytes, with the addressing written out: this runs once per token.
  (func $internAscii (param $at i32) (param $length i32) (param $hash i32) (result i32)
    (local $slot i32) (local $entry i32) (local $from i32) (local $k i32) (local $starts i32)
    (local.set $slot (i32.and (local.get $hash) (global.get $mask)))
    (loop $probe
      (local.set $entry (i32.load (i32.add (global.get $slots) (i32.shl (local.get $slot) (i32.const 2)))))
      (if (i32.eqz (local.get $entry))
        (then (return (call $add (local.get $at) (local.get $length) (local.get $hash) (i32.const 0)))))
      (if (i32.eq (i32.load (i32.add (global.get $hashes) (i32.shl (i32.sub (local.get $entry) (i32.const 1)) (i32.const 2)))) (local.get $hash))
        (then
          (local.set $starts (i32.add (global.get $starts) (i32.shl (i32.sub (local.get $entry) (i32.const 1)) (i32.const 2))))
          (local.set $from (i32.load (local.get $starts)))
          (if (i32.eq (i32.sub (i32.load offset=4 (local.get $starts)) (local.get $from)) (local.get $length))
            (then
              (local.set $from (i32.add (global.get $pool) (i32.shl (local.get $from) (i32.const 1))))
              (local.set $k (i32.const 0))
              (block $differs
                (loop $unit
                  (if (i32.ge_u (local.get $k) (local.get $length))
                    (then (return (i32.sub (local.get $entry) (i32.const 1)))))
                  (br_if $differs
                    (i32.ne
                      (i32.load16_u (i32.add (local.get $from) (i32.shl (local.get $k) (i32.const 1))))
                      (i32.load8_u (i32.add (local.get $at) (local.get $k)))))
                  (local.set $k (i32.add (local.get $k) (i32.const 1)))
                  (br $unit)))))))
      (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (global.get $mask)))
      (br $probe))
    unreachable)

  ;; The id of the UTF-16 term at `at`, `length` units long (already lower-cased), added when new.
  (func (export "intern16") (param $at i32) (param $length i32) (result i32)
    (local $k i32) (local $hash i32)
    (local.set $hash (i32.const 0x811c9dc5))
    (block $hashed
      (loop $unit
        (br_if $hashed (i32.ge_u (local.get $k) (local.get $length)))
        (local.set $hash
          (i32.mul
            (i32.xor (local.get $hash) (i32.load16_u (i32.add (local.get $at) (i32.shl (local.get $k) (i32.const 1)))))
            (i32.const 0x01000193)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $unit)))
    (call $intern (local.get $at) (local.get $length) (local.get $hash) (i32.const 1)))
;; Whether term $a sorts before term $b in JavaScript's string order (by UTF-16 code units).
  (func $before (param $a i32) (param $b i32) (result i32)
    (local $from i32) (local $to i32)
    (local.set $from (call $startOf (local.get $a)))
    (local.set $to (call $startOf (local.get $b)))
    (call $precedes
      (i32.add (global.get $pool) (i32.shl (local.get $from) (i32.const 1)))
      (i32.sub (call $startOf (i32.add (local.get $a) (i32.const 1))) (local.get $from))
      (i32.add (global.get $pool) (i32.shl (local.get $to) (i32.const 1)))
      (i32.sub (call $startOf (i32.add (local.get $b) (i32.const 1))) (local.get $to))))

  ;; Whether the `length` code units at `x` sort strictly before the `other` at `y` (JavaScript's string order).
  (func $precedes (param $x i32) (param $length i32) (param $y i32) (param $other i32) (result i32)
    (local $k i32) (local $p i32) (local $q i32)
    (block $prefix
      (loop $unit
        (br_if $prefix (i32.ge_u (local.get $k) (local.get $length)))
        (br_if $prefix (i32.ge_u (local.get $k) (local.get $other)))
        (local.set $p (i32.load16_u (i32.add (local.get $x) (i32.shl (local.get $k) (i32.const 1)))))
        (local.set $q (i32.load16_u (i32.add (local.get $y) (i32.shl (local.get $k) (i32.const 1)))))
        (if (i32.ne (local.get $p) (local.get $q)) (then (return (i32.lt_u (local.get $p) (local.get $q)))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $unit)))
    (i32.lt_u (local.get $length) (local.get $other)))

  ;; Every term id in the terms' sorted order (a bottom-up merge sort), as u32s at the address returned.
  (func (export "sortTerms") (result i32)
    (local $src i32) (local $dst i32) (local $swap i32) (local $width i32) (local $i i32) (local $mid i32) (local $hi i32)
    (local $a i32) (local $b i32) (local $k i32) (local $x i32) (local $y i32)
    (local.set $src (call $alloc (i32.shl (global.get $count) (i32.const 2))))
    (local.set $dst (call $alloc (i32.shl (global.get $count) (i32.const 2))))
    (block $filled
      (loop $fill
        (br_if $filled (i32.ge_u (local.get $i) (global.get $count)))
        (i32.store (i32.add (local.get $src) (i32.shl (local.get $i) (i32.const 2))) (local.get $i))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $fill)))
    (local.set $width (i32.const 1))
    (block $sorted
      (loop $pass
        (br_if $sorted (i32.ge_u (local.get $width) (global.get $count)))
        (local.set $i (i32.const 0))
        (block $merged
          (loop $run
            (br_if $merged (i32.ge_u (local.get $i) (global.get $count)))
            (local.set $mid (call $min (i32.add (local.get $i) (local.get $width)) (global.get $count)))
            (local.set $hi (call $min (i32.add (local.get $i) (i32.shl (local.get $width) (i32.const 1))) (global.get $count)))
            (local.set $a (local.get $i))
            (local.set $b (local.get $mid))
            (local.set $k (local.get $i))
            (block $drained
              (loop $take
                (br_if $drained (i32.ge_u (local.get $a) (local.get $mid)))
                (br_if $drained (i32.ge_u (local.get $b) (local.get $hi)))
                (local.set $x (i32.load (i32.add (local.get $src) (i32.shl (local.get $a) (i32.const 2)))))
                (local.set $y (i32.load (i32.add (local.get $src) (i32.shl (local.get $b) (i32.const 2)))))
                (if (call $before (local.get $y) (local.get $x))
                  (then
                    (i32.store (i32.add (local.get $dst) (i32.shl (local.get $k) (i32.const 2))) (local.get $y))
                    (local.set $b (i32.add (local.get $b) (i32.const 1))))
                  (else
                    (i32.store (i32.add (local.get $dst) (i32.shl (local.get $k) (i32.const 2))) (local.get $x))
                    (local.set $a (i32.add (local.get $a) (i32.const 1)))))
                (local.set $k (i32.add (local.get $k) (i32.const 1)))
                (br $take)))
            ;; One side is empty: the other's rest follows in order.
            (memory.copy
              (i32.add (local.get $dst) (i32.shl (local.get $k) (i32.const 2)))
              (i32.add (local.get $src) (i32.shl (local.get $a) (i32.const 2)))
              (i32.shl (i32.sub (local.get $mid) (local.get $a)) (i32.const 2)))
            (memory.copy
              (i32.add (local.get $dst) (i32.shl (i32.add (local.get $k) (i32.sub (local.get $mid) (local.get $a))) (i32.const 2)))
              (i32.add (local.get $src) (i32.shl (local.get $b) (i32.const 2)))
              (i32.shl (i32.sub (local.get $hi) (local.get $b)) (i32.const 2)))
            (local.set $i (local.get $hi))
            (br $run)))
        (local.set $swap (local.get $src))
        (local.set $src (local.get $dst))
        (local.set $dst (local.get $swap))
        (local.set $width (i32.shl (local.get $width) (i32.const 1)))
        (br $pass)))
    (local.get $src))

  (func $min (param $x i32) (param $y i32) (result i32)
    (select (local.get $x) (local.get $y) (i32.lt_u (local.get $x) (local.get $y))))

  ;; The postings of the term ids at `tokens`, documents made of `fields` spans each: `spans` holds per field
  ;; the index of its first token and the address of its ends (field f's span in document d ends at the u32
  ;; `ends[d]` and starts where the one before ended, or at the field's first token). Terms are renumbered to
  ;; their place in `order` (see `sortTerms`). In compressed sparse rows: term t's postings are
  ;; `offsets[t] .. offsets[t + 1]`, each a document (ascending) and the term's count in it. The documents and
  ;; counts lie back to back in one region with `before` bytes of room ahead of them and `after` behind (a
  ;; file's other parts, so the postings are written where the file has them). Returns the address of five
  ;; u32s: where `offsets` (count + 1), the documents, the counts, each document's length and the region are.
  ;; Two passes: document frequencies, then the postings in document order.
  (func (export "postings")
    (param $tokens i32) (param $spans i32) (param $fields i32) (param $docs i32) (param $order i32) (param $before i32) (param $after i32)
    (result i32)
    (local $v i32) (local $rank i32) (local $lastDoc i32) (local $offsets i32) (local $cursor i32) (local $docsOut i32) (local $tfsOut i32)
    (local $lengths i32) (local $d i32) (local $f i32) (local $i i32) (local $end i32) (local $ends i32) (local $t i32) (local $at i32)
    (local $sum i32) (local $result i32) (local $pass i32) (local $length i32) (local $frame i32)
    (local.set $v (global.get $count))
    (local.set $rank (call $alloc (i32.shl (local.get $v) (i32.const 2))))
    (local.set $lastDoc (call $alloc (i32.shl (local.get $v) (i32.const 2))))
    (local.set $offsets (call $alloc (i32.shl (i32.add (local.get $v) (i32.const 1)) (i32.const 2))))
    (local.set $cursor (call $alloc (i32.shl (local.get $v) (i32.const 2))))
    (local.set $lengths (call $alloc (i32.shl (local.get $docs) (i32.const 2))))
    (local.set $result (call $alloc (i32.const 20)))
    (block $ranked
      (loop $each
        (br_if $ranked (i32.ge_u (local.get $i) (local.get $v)))
        (i32.store
          (i32.add (local.get $rank) (i32.shl (i32.load (i32.add (local.get $order) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 2)))
          (local.get $i))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each)))
    ;; Pass 0 counts each term's documents into offsets[t + 1] and each document's tokens; pass 1 writes the
    ;; postings.
    (loop $passes
      (memory.fill (local.get $lastDoc) (i32.const 0xff) (i32.shl (local.get $v) (i32.const 2)))
      (local.set $d (i32.const 0))
      (block $counted
        (loop $document
          (br_if $counted (i32.ge_u (local.get $d) (local.get $docs)))
          (local.set $length (i32.const 0))
          (local.set $f (i32.const 0))
          (block $fieldsDone
            (loop $field
              (br_if $fieldsDone (i32.ge_u (local.get $f) (local.get $fields)))
              (local.set $at (i32.add (local.get $spans) (i32.shl (local.get $f) (i32.const 3))))
              (local.set $ends (i32.add (i32.load offset=4 (local.get $at)) (i32.shl (local.get $d) (i32.const 2))))
              (local.set $i
                (if (result i32) (local.get $d)
                  (then (i32.load (i32.sub (local.get $ends) (i32.const 4))))
                  (else (i32.load (local.get $at)))))
              (local.set $end (i32.load (local.get $ends)))
              (local.set $length (i32.add (local.get $length) (i32.sub (local.get $end) (local.get $i))))
              (block $ended
                (loop $token
                  (br_if $ended (i32.ge_u (local.get $i) (local.get $end)))
                  (local.set $t
                    (i32.load (i32.add (local.get $rank) (i32.shl (i32.load (i32.add (local.get $tokens) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 2)))))
                  (local.set $at (i32.add (local.get $lastDoc) (i32.shl (local.get $t) (i32.const 2))))
                  (if (i32.ne (i32.load (local.get $at)) (local.get $d))
                    (then
                      (i32.store (local.get $at) (local.get $d))
                      (if (i32.eqz (local.get $pass))
                        (then
                          (local.set $at (i32.add (local.get $offsets) (i32.shl (i32.add (local.get $t) (i32.const 1)) (i32.const 2))))
                          (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1))))
                        (else
                          (local.set $at (i32.add (local.get $cursor) (i32.shl (local.get $t) (i32.const 2))))
                          (i32.store (i32.add (local.get $docsOut) (i32.shl (i32.load (local.get $at)) (i32.const 2))) (local.get $d))
                          (i32.store (i32.add (local.get $tfsOut) (i32.shl (i32.load (local.get $at)) (i32.const 2))) (i32.const 1))
                          (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1))))))
                    (else
                      (if (local.get $pass)
                        (then
                          (local.set $at
                            (i32.add (local.get $tfsOut)
                              (i32.shl (i32.sub (i32.load (i32.add (local.get $cursor) (i32.shl (local.get $t) (i32.const 2)))) (i32.const 1)) (i32.const 2))))
                          (i32.store (local.get $at) (i32.add (i32.load (local.get $at)) (i32.const 1)))))))
                  (local.set $i (i32.add (local.get $i) (i32.const 1)))
                  (br $token)))
              (local.set $f (i32.add (local.get $f) (i32.const 1)))
              (br $field)))
          (i32.store (i32.add (local.get $lengths) (i32.shl (local.get $d) (i32.const 2))) (local.get $length))
          (local.set $d (i32.add (local.get $d) (i32.const 1)))
          (br $document)))
      (if (i32.eqz (local.get $pass))
        (then
          ;; Document frequencies to offsets; each term's cursor starts at its offset.
          (local.set $t (i32.const 0))
          (local.set $sum (i32.const 0))
          (block $summed
            (loop $term
              (br_if $summed (i32.ge_u (local.get $t) (local.get $v)))
              (i32.store (i32.add (local.get $cursor) (i32.shl (local.get $t) (i32.const 2))) (local.get $sum))
              (local.set $at (i32.add (local.get $offsets) (i32.shl (i32.add (local.get $t) (i32.const 1)) (i32.const 2))))
              (local.set $sum (i32.add (local.get $sum) (i32.load (local.get $at))))
              (i32.store (local.get $at) (local.get $sum))
              (local.set $t (i32.add (local.get $t) (i32.const 1)))
              (br $term)))
          (local.set $frame
            (call $alloc (i32.add (i32.add (local.get $before) (i32.shl (local.get $sum) (i32.const 3))) (local.get $after))))
          (local.set $docsOut (i32.add (local.get $frame) (local.get $before)))
          (local.set $tfsOut (i32.add (local.get $docsOut) (i32.shl (local.get $sum) (i32.const 2))))
          (local.set $pass (i32.const 1))
          (br $passes))))
    (i32.store (local.get $result) (local.get $offsets))
    (i32.store offset=4 (local.get $result) (local.get $docsOut))
    (i32.store offset=8 (local.get $result) (local.get $tfsOut))
    (i32.store offset=12 (local.get $result) (local.get $lengths))
    (i32.store offset=16 (local.get $result) (local.get $frame))
    (local.get $result))

  ;; Scans `count` texts lying back to back at `text` (text i ends at byte `ends[i]`, counted from `text`; each
  ;; end is a token's end) like `scan`, writing their term ids at `out`. Each `ends[i]` is replaced by the
  ;; number of ids written up to text i's end, plus `base`. Returns how many ids were written.
  (func (export "scanTexts") (param $text i32) (param $ends i32) (param $count i32) (param $out i32) (param $base i32) (result i32)
    (local $i i32) (local $start i32) (local $end i32) (local $n i32) (local $at i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (local.set $at (i32.add (local.get $ends) (i32.shl (local.get $i) (i32.const 2))))
        (local.set $end (i32.load (local.get $at)))
        (local.set $n
          (i32.add (local.get $n)
            (call $scan
              (i32.add (local.get $text) (local.get $start))
              (i32.sub (local.get $end) (local.get $start))
              (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 2))))))
        (i32.store (local.get $at) (i32.add (local.get $base) (local.get $n)))
        (local.set $start (local.get $end))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each)))
    (local.get $n))

  ;; Copies the token spans `spans` names (u32 start and end pairs, indices into the ids at `tokens`), `fields`
  ;; spans per document for `docs` documents, back to back to `out`; document d's end goes to `docEnds[d]`.
  (func (export "gather") (param $tokens i32) (param $spans i32) (param $docs i32) (param $fields i32) (param $out i32) (param $docEnds i32)
    (local $d i32) (local $f i32) (local $n i32) (local $start i32) (local $length i32)
    (block $done
      (loop $document
        (br_if $done (i32.ge_u (local.get $d) (local.get $docs)))
        (local.set $f (i32.const 0))
        (block $copied
          (loop $field
            (br_if $copied (i32.ge_u (local.get $f) (local.get $fields)))
            (local.set $start (i32.load (local.get $spans)))
            (local.set $length (i32.sub (i32.load offset=4 (local.get $spans)) (local.get $start)))
            (memory.copy
              (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 2)))
              (i32.add (local.get $tokens) (i32.shl (local.get $start) (i32.const 2)))
              (i32.shl (local.get $length) (i32.const 2)))
            (local.set $n (i32.add (local.get $n) (local.get $length)))
            (local.set $spans (i32.add (local.get $spans) (i32.const 8)))
            (local.set $f (i32.add (local.get $f) (i32.const 1)))
            (br $field)))
        (i32.store (i32.add (local.get $docEnds) (i32.shl (local.get $d) (i32.const 2))) (local.get $n))
        (local.set $d (i32.add (local.get $d) (i32.const 1)))
        (br $document))))

  ;; Whether `v` terms lying back to back at `text` as UTF-16 code units (`units` in all; term t ends at unit
  ;; `ends[t]`) with postings offsets `offsets` (v + 1 u32s) make an index over `postings` postings: offsets
  ;; from 0 to `postings`, never descending; every term within the text, the last ending at its end; each term
  ;; strictly after the one before in JavaScript's string order. What `termsSound` in bm25-kept-index.ts checks.
  (func (export "termsSound")
    (param $text i32) (param $units i32) (param $ends i32) (param $offsets i32) (param $v i32) (param $postings i32) (result i32)
    (local $t i32) (local $start i32) (local $end i32) (local $stop i32) (local $previousStart i32) (local $previousEnd i32)
    (if (i32.load (local.get $offsets)) (then (return (i32.const 0))))
    (if (i32.ne (i32.load (i32.add (local.get $offsets) (i32.shl (local.get $v) (i32.const 2)))) (local.get $postings))
      (then (return (i32.const 0))))
    (block $done
      (loop $term
        (br_if $done (i32.ge_u (local.get $t) (local.get $v)))
        (local.set $end (i32.load (i32.add (local.get $ends) (i32.shl (local.get $t) (i32.const 2)))))
        (local.set $stop (i32.load (i32.add (local.get $offsets) (i32.shl (i32.add (local.get $t) (i32.const 1)) (i32.const 2)))))
        (if (i32.or (i32.gt_u (local.get $end) (local.get $units)) (i32.lt_u (local.get $stop) (local.get $start)))
          (then (return (i32.const 0))))
        (if (local.get $t)
          (then
            ;; The term before at previousStart .. previousEnd, this one at previousEnd .. end: strictly after it.
            (if (i32.lt_u (local.get $end) (local.get $previousEnd)) (then (return (i32.const 0))))
            (if (i32.eqz
                  (call $precedes
                    (i32.add (local.get $text) (i32.shl (local.get $previousStart) (i32.const 1)))
                    (i32.sub (local.get $previousEnd) (local.get $previousStart))
                    (i32.add (local.get $text) (i32.shl (local.get $previousEnd) (i32.const 1)))
                    (i32.sub (local.get $end) (local.get $previousEnd))))
              (then (return (i32.const 0))))))
        (local.set $previousStart (local.get $previousEnd))
        (local.set $previousEnd (local.get $end))
        (local.set $start (local.get $stop))
        (local.set $t (i32.add (local.get $t) (i32.const 1)))
        (br $term)))
    (i32.eq (local.get $previousEnd) (local.get $units)))

  ;; The terms `order` names (`count` ids), in that order, as one text: its UTF-8 bytes are counted, and written
  ;; at `out` unless `out` is 0, with each term's end (in UTF-16 units from the first term's start) at `ends`.
  ;; Encoded as Node encodes the joined string: a surrogate pair is one code point even across two terms, and
  ;; a lone surrogate is U+FFFD. Returns the number of bytes.
  (func (export "termText") (param $order i32) (param $count i32) (param $ends i32) (param $out i32) (result i32)
    (local $k i32) (local $start i32) (local $end i32) (local $i i32) (local $c i32) (local $high i32) (local $n i32)
    (local $units i32) (local $point i32)
    (block $done
      (loop $term
        (br_if $done (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $i (i32.load (i32.add (local.get $order) (i32.shl (local.get $k) (i32.const 2)))))
        (local.set $start (call $startOf (local.get $i)))
        (local.set $end (call $startOf (i32.add (local.get $i) (i32.const 1))))
        (local.set $units (i32.add (local.get $units) (i32.sub (local.get $end) (local.get $start))))
        (if (local.get $out) (then (i32.store (i32.add (local.get $ends) (i32.shl (local.get $k) (i32.const 2))) (local.get $units))))
        (local.set $i (local.get $start))
        (block $termDone
          (loop $unit
            (br_if $termDone (i32.ge_u (local.get $i) (local.get $end)))
            (local.set $c (i32.load16_u (i32.add (global.get $pool) (i32.shl (local.get $i) (i32.const 1)))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (block $next
              (if (local.get $high)
                (then
                  (if (i32.eq (i32.and (local.get $c) (i32.const 0xfc00)) (i32.const 0xdc00))
                    (then
                      (local.set $point
                        (i32.add (i32.const 0x10000)
                          (i32.or (i32.shl (i32.sub (local.get $high) (i32.const 0xd800)) (i32.const 10)) (i32.sub (local.get $c) (i32.const 0xdc00)))))
                      (local.set $high (i32.const 0))
                      (local.set $n (call $put (local.get $out) (local.get $n) (local.get $point)))
                      (br $next)))
                  (local.set $n (call $put (local.get $out) (local.get $n) (i32.const 0xfffd)))
                  (local.set $high (i32.const 0))))
              (if (i32.eq (i32.and (local.get $c) (i32.const 0xfc00)) (i32.const 0xd800))
                (then
                  (local.set $high (local.get $c))
                  (br $next)))
              ;; A low surrogate here has no high one before it.
              (if (i32.eq (i32.and (local.get $c) (i32.const 0xfc00)) (i32.const 0xdc00)) (then (local.set $c (i32.const 0xfffd))))
              (local.set $n (call $put (local.get $out) (local.get $n) (local.get $c))))
            (br $unit)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $term)))
    (if (local.get $high) (then (local.set $n (call $put (local.get $out) (local.get $n) (i32.const 0xfffd)))))
    (local.get $n))

  ;; Puts code point `c` as UTF-8 at `out + n` (unless `out` is 0); returns `n` plus its byte count.
  (func $put (param $out i32) (param $n i32) (param $c i32) (result i32)
    (local $at i32)
    (local.set $at (i32.add (local.get $out) (local.get $n)))
    (if (i32.lt_u (local.get $c) (i32.const 0x80))
      (then
        (if (local.get $out) (then (i32.store8 (local.get $at) (local.get $c))))
        (return (i32.add (local.get $n) (i32.const 1)))))
    (if (i32.lt_u (local.get $c) (i32.const 0x800))
      (then
        (if (local.get $out)
          (then
            (i32.store8 (local.get $at) (i32.or (i32.const 0xc0) (i32.shr_u (local.get $c) (i32.const 6))))
            (i32.store8 offset=1 (local.get $at) (i32.or (i32.const 0x80) (i32.and (local.get $c) (i32.const 0x3f))))))
        (return (i32.add (local.get $n) (i32.const 2)))))
    (if (i32.lt_u (local.get $c) (i32.const 0x10000))
      (then
        (if (local.get $out)
          (then
            (i32.store8 (local.get $at) (i32.or (i32.const 0xe0) (i32.shr_u (local.get $c) (i32.const 12))))
            (i32.store8 offset=1 (local.get $at) (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $c) (i32.const 6)) (i32.const 0x3f))))
            (i32.store8 offset=2 (local.get $at) (i32.or (i32.const 0x80) (i32.and (local.get $c) (i32.const 0x3f))))))
        (return (i32.add (local.get $n) (i32.const 3)))))
    (if (local.get $out)
      (then
        (i32.store8 (local.get $at) (i32.or (i32.const 0xf0) (i32.shr_u (local.get $c) (i32.const 18))))
        (i32.store8 offset=1 (local.get $at) (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $c) (i32.const 12)) (i32.const 0x3f))))
        (i32.store8 offset=2 (local.get $at) (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $c) (i32.const 6)) (i32.const 0x3f))))
        (i32.store8 offset=3 (local.get $at) (i32.or (i32.const 0x80) (i32.and (local.get $c) (i32.const 0x3f))))))
    (i32.add (local.get $n) (i32.const 4)))
)
