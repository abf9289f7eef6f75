;; The BM25F accumulation of the lexical pass (accumulate-scores.ts, `accumulateScores`) over WebAssembly memory.
;; It does what the JavaScript does, in the same order and with the same roundings: its counts and sums in 64-bit
;; floats, 32-bit floats promoted when loaded and demoted when stored, slots listed in the order first touched. The
;; source of score-kernel-bytes.ts: regenerate with `npm run build:wasm` (test: score-kernel.test.ts).
;;
;; Memory, laid out by score-kernel.ts (byte addresses, all 8-byte aligned):
;; - per slot, 16 bytes at `terms`: the weighted count of the current group (f64), the stamp of the group that set it
;;   (i32); 16 bytes at `sums`: BM25F sum, capped sum, name key hits, about key hits (f32); 8 bytes at `marks`: the
;;   stamp of the query that last touched it, its group bits (i32);
;; - `termSlots` and `slots`: an i32 per slot, the slots of the current group and of the query, in first-touch order,
;;   each with room for one more (a slot is written past the end before the kernel knows whether to keep it); after
;;   an accumulation, `largest` keeps its heap and `above` its slots where the group's slots were;
;; - a byte per slot: the caller's wanted marks, copied in for `above`;
;; - an impact list: `length` pairs of an entry `slot << 8 | fieldMask` (i32) and its pseudo-count (f32);
;; - the query's table, one record per group: weight (f64), bit (i32), members (i32); then per member the address of
;;   its impact list (i32), its length (i32), its factor (f64) and its key weight (f64: 0 when counted already).
;;
;; Whether a document is new to the query (or to a group) is as likely as not, so the loops do not branch on it: they
;; select (a new document's bits and sums read as 0; a slot listed, the count moved by 1 or 0), which measured about
;; a tenth faster than branching; a sum selected but not changed is stored back unchanged.
(module
  (import "env" "memory" (memory 1))

  ;; Accumulate the `groups` of the table at `table` for the query stamped `query` (its multi-member groups are
  ;; stamped `query + 1`, `query + 2` … in `terms`). Answers how many slots it touched (listed at `slots`).
  (func (export "accumulate")
    (param $table i32) (param $groups i32) (param $k1 f64) (param $inverseFull f64) (param $query i32)
    (param $terms i32) (param $sums i32) (param $marks i32) (param $termSlots i32) (param $slots i32)
    (result i32)
    (local $count i32) (local $weight f64) (local $bit i32) (local $members i32)
    (local $stamp i32) (local $touched i32) (local $i i32)
    (local $entry i32) (local $end i32) (local $factor f64) (local $key f64)
    (local $posting i32) (local $slot i32) (local $mark i32) (local $at i32) (local $counting i32)
    (local $tf f64) (local $saturated f64)
    (local $fresh i32) (local $zero i32) (local $name i32) (local $about i32)
    (local.set $stamp (local.get $query))
    (block $done
      (loop $group
        (br_if $done (i32.eqz (local.get $groups)))
        (local.set $groups (i32.sub (local.get $groups) (i32.const 1)))
        (local.set $weight (f64.load (local.get $table)))
        (local.set $bit (i32.load offset=8 (local.get $table)))
        (local.set $members (i32.load offset=12 (local.get $table)))
        (local.set $table (i32.add (local.get $table) (i32.const 16)))
        (if (i32.eq (local.get $members) (i32.const 1))
          (then
            ;; One indexed term: each document has one entry, so it is saturated at once.
            (local.set $entry (i32.load (local.get $table)))
            (local.set $end
              (i32.add (local.get $entry) (i32.shl (i32.load offset=4 (local.get $table)) (i32.const 3))))
            (local.set $factor (f64.load offset=8 (local.get $table)))
            (local.set $key (f64.load offset=16 (local.get $table)))
            (local.set $table (i32.add (local.get $table) (i32.const 24)))
            (block $last
              (loop $next
                (br_if $last (i32.ge_u (local.get $entry) (local.get $end)))
                (local.set $posting (i32.load (local.get $entry)))
                (local.set $slot (i32.shr_u (local.get $posting) (i32.const 8)))
                (local.set $mark (i32.add (local.get $marks) (i32.shl (local.get $slot) (i32.const 3))))
                (local.set $at (i32.add (local.get $sums) (i32.shl (local.get $slot) (i32.const 4))))
                ;; Without branches (whether a document is new to the query is not predictable): a new one's slot is
                ;; listed, its group bits and sums start from 0.
                (local.set $fresh (i32.ne (i32.load (local.get $mark)) (local.get $query)))
                (i32.store (i32.add (local.get $slots) (i32.shl (local.get $count) (i32.const 2))) (local.get $slot))
                (local.set $count (i32.add (local.get $count) (local.get $fresh)))
                (i32.store (local.get $mark) (local.get $query))
                (i32.store offset=4 (local.get $mark)
                  (i32.or
                    (select (i32.const 0) (i32.load offset=4 (local.get $mark)) (local.get $fresh))
                    (local.get $bit)))
                (local.set $tf (f64.mul (local.get $factor) (f64.promote_f32 (f32.load offset=4 (local.get $entry)))))
                (local.set $saturated (f64.div (local.get $tf) (f64.add (local.get $k1) (local.get $tf))))
                (f32.store (local.get $at)
                  (f32.demote_f64
                    (f64.add
                      (f64.promote_f32
                        (f32.reinterpret_i32 (select (i32.const 0) (i32.load (local.get $at)) (local.get $fresh))))
                      (f64.mul (local.get $weight) (local.get $saturated)))))
                (f32.store offset=4 (local.get $at)
                  (f32.demote_f64
                    (f64.add
                      (f64.promote_f32
                        (f32.reinterpret_i32
                          (select (i32.const 0) (i32.load offset=4 (local.get $at)) (local.get $fresh))))
                      (f64.mul
                        (local.get $weight)
                        (f64.min (f64.const 1) (f64.mul (local.get $saturated) (local.get $inverseFull)))))))
                ;; The key hits: field 0 is the name (mask bit 1), fields 1 and 2 the title and description (bits 2 and 4).
                (local.set $name (select (i32.const 0) (i32.load offset=8 (local.get $at)) (local.get $fresh)))
                (i32.store offset=8 (local.get $at)
                  (select
                    (i32.reinterpret_f32
                      (f32.demote_f64 (f64.add (f64.promote_f32 (f32.reinterpret_i32 (local.get $name))) (local.get $key))))
                    (local.get $name)
                    (i32.and (local.get $posting) (i32.const 1))))
                (local.set $about (select (i32.const 0) (i32.load offset=12 (local.get $at)) (local.get $fresh)))
                (i32.store offset=12 (local.get $at)
                  (select
                    (i32.reinterpret_f32
                      (f32.demote_f64 (f64.add (f64.promote_f32 (f32.reinterpret_i32 (local.get $about))) (local.get $key))))
                    (local.get $about)
                    (i32.and
                      (i32.eqz (i32.and (local.get $posting) (i32.const 1)))
                      (i32.ne (i32.and (local.get $posting) (i32.const 6)) (i32.const 0)))))
                (local.set $entry (i32.add (local.get $entry) (i32.const 8)))
                (br $next))))
          (else
            ;; Several members: their weighted counts are summed per document first, then saturated once.
            (local.set $stamp (i32.add (local.get $stamp) (i32.const 1)))
            (local.set $touched (i32.const 0))
            (block $membersDone
              (loop $member
                (br_if $membersDone (i32.eqz (local.get $members)))
                (local.set $members (i32.sub (local.get $members) (i32.const 1)))
                (local.set $entry (i32.load (local.get $table)))
                (local.set $end
                  (i32.add (local.get $entry) (i32.shl (i32.load offset=4 (local.get $table)) (i32.const 3))))
                    (local.set $factor (f64.load offset=8 (local.get $table)))
                (local.set $key (f64.load offset=16 (local.get $table)))
                (local.set $table (i32.add (local.get $table) (i32.const 24)))
                (block $last
                  (loop $next
                    (br_if $last (i32.ge_u (local.get $entry) (local.get $end)))
                    (local.set $posting (i32.load (local.get $entry)))
                    (local.set $slot (i32.shr_u (local.get $posting) (i32.const 8)))
                    (local.set $counting (i32.add (local.get $terms) (i32.shl (local.get $slot) (i32.const 4))))
                    (local.set $at (i32.add (local.get $sums) (i32.shl (local.get $slot) (i32.const 4))))
                    (local.set $fresh (i32.ne (i32.load offset=8 (local.get $counting)) (local.get $stamp)))
                    (i32.store
                      (i32.add (local.get $termSlots) (i32.shl (local.get $touched) (i32.const 2)))
                      (local.get $slot))
                    (local.set $touched (i32.add (local.get $touched) (local.get $fresh)))
                    (i32.store offset=8 (local.get $counting) (local.get $stamp))
                    ;; First touched by this query: its sums start from 0 (its stamp is set below).
                    (local.set $zero
                      (i32.and
                        (local.get $fresh)
                        (i32.ne
                          (i32.load (i32.add (local.get $marks) (i32.shl (local.get $slot) (i32.const 3))))
                          (local.get $query))))
                    (i32.store (local.get $at) (select (i32.const 0) (i32.load (local.get $at)) (local.get $zero)))
                    (i32.store offset=4 (local.get $at)
                      (select (i32.const 0) (i32.load offset=4 (local.get $at)) (local.get $zero)))
                    (f64.store (local.get $counting)
                      (f64.add
                        (f64.reinterpret_i64
                          (select (i64.const 0) (i64.load (local.get $counting)) (local.get $fresh)))
                        (f64.mul (local.get $factor) (f64.promote_f32 (f32.load offset=4 (local.get $entry))))))
                    ;; The key hits: field 0 is the name (mask bit 1), fields 1 and 2 the title and description (bits 2 and 4).
                    (local.set $name (select (i32.const 0) (i32.load offset=8 (local.get $at)) (local.get $zero)))
                    (i32.store offset=8 (local.get $at)
                      (select
                        (i32.reinterpret_f32
                          (f32.demote_f64 (f64.add (f64.promote_f32 (f32.reinterpret_i32 (local.get $name))) (local.get $key))))
                        (local.get $name)
                        (i32.and (local.get $posting) (i32.const 1))))
                    (local.set $about (select (i32.const 0) (i32.load offset=12 (local.get $at)) (local.get $zero)))
                    (i32.store offset=12 (local.get $at)
                      (select
                        (i32.reinterpret_f32
                          (f32.demote_f64 (f64.add (f64.promote_f32 (f32.reinterpret_i32 (local.get $about))) (local.get $key))))
                        (local.get $about)
                        (i32.and
                          (i32.eqz (i32.and (local.get $posting) (i32.const 1)))
                          (i32.ne (i32.and (local.get $posting) (i32.const 6)) (i32.const 0)))))
                    (local.set $entry (i32.add (local.get $entry) (i32.const 8)))
                        (br $next)))
                (br $member)))
            ;; Each document the group touched: its count saturated into the sums, its group bit set.
            (local.set $i (i32.const 0))
            (block $slotsDone
              (loop $touchedSlot
                (br_if $slotsDone (i32.ge_u (local.get $i) (local.get $touched)))
                (local.set $slot
                  (i32.load (i32.add (local.get $termSlots) (i32.shl (local.get $i) (i32.const 2)))))
                (local.set $tf (f64.load (i32.add (local.get $terms) (i32.shl (local.get $slot) (i32.const 4)))))
                (local.set $mark (i32.add (local.get $marks) (i32.shl (local.get $slot) (i32.const 3))))
                (local.set $at (i32.add (local.get $sums) (i32.shl (local.get $slot) (i32.const 4))))
                (local.set $fresh (i32.ne (i32.load (local.get $mark)) (local.get $query)))
                (i32.store (i32.add (local.get $slots) (i32.shl (local.get $count) (i32.const 2))) (local.get $slot))
                (local.set $count (i32.add (local.get $count) (local.get $fresh)))
                (i32.store (local.get $mark) (local.get $query))
                (i32.store offset=4 (local.get $mark)
                  (i32.or
                    (select (i32.const 0) (i32.load offset=4 (local.get $mark)) (local.get $fresh))
                    (local.get $bit)))
                (local.set $saturated (f64.div (local.get $tf) (f64.add (local.get $k1) (local.get $tf))))
                (f32.store (local.get $at)
                  (f32.demote_f64
                    (f64.add
                      (f64.promote_f32 (f32.load (local.get $at)))
                      (f64.mul (local.get $weight) (local.get $saturated)))))
                (f32.store offset=4 (local.get $at)
                  (f32.demote_f64
                    (f64.add
                      (f64.promote_f32 (f32.load offset=4 (local.get $at)))
                      (f64.mul
                        (local.get $weight)
                        (f64.min (f64.const 1) (f64.mul (local.get $saturated) (local.get $inverseFull)))))))
                (local.set $i (i32.add (local.get $i) (i32.const 1)))
                (br $touchedSlot)))))
        (br $group)))
    (local.get $count))

  ;; The `k`-th largest BM25F sum (the first f32 at `sums + slot * 16`) of the `count` slots listed at `slots`, or 0
  ;; when fewer than `k` (≥ 1): a heap of the `k` largest seen at `heap` (k f32), its least at the root. The same
  ;; value as accumulate-scores.ts `largestSum` (a selection: no rounding).
  (func (export "largest")
    (param $slots i32) (param $count i32) (param $sums i32) (param $k i32) (param $heap i32)
    (result f32)
    (local $i i32) (local $value f32) (local $at i32) (local $parent i32) (local $child i32) (local $least f32)
    (if (i32.or (i32.gt_u (local.get $k) (local.get $count)) (i32.eqz (local.get $k)))
      (then (return (f32.const 0))))
    ;; The first `k`, each moved up from the end while its parent is larger.
    (block $filled
      (loop $fill
        (br_if $filled (i32.ge_u (local.get $i) (local.get $k)))
        (local.set $value
          (f32.load
            (i32.add (local.get $sums)
              (i32.shl (i32.load (i32.add (local.get $slots) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 4)))))
        (local.set $at (local.get $i))
        (block $placed
          (loop $up
            (br_if $placed (i32.eqz (local.get $at)))
            (local.set $parent (i32.shr_u (i32.sub (local.get $at) (i32.const 1)) (i32.const 1)))
            (br_if $placed
              (i32.eqz
                (f32.gt
                  (f32.load (i32.add (local.get $heap) (i32.shl (local.get $parent) (i32.const 2))))
                  (local.get $value))))
            (f32.store (i32.add (local.get $heap) (i32.shl (local.get $at) (i32.const 2)))
              (f32.load (i32.add (local.get $heap) (i32.shl (local.get $parent) (i32.const 2)))))
            (local.set $at (local.get $parent))
            (br $up)))
        (f32.store (i32.add (local.get $heap) (i32.shl (local.get $at) (i32.const 2))) (local.get $value))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $fill)))
    ;; The rest: one larger than the root replaces it and moves down while a child is smaller.
    (local.set $least (f32.load (local.get $heap)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $count)))
        (local.set $value
          (f32.load
            (i32.add (local.get $sums)
              (i32.shl (i32.load (i32.add (local.get $slots) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 4)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br_if $next (i32.eqz (f32.gt (local.get $value) (local.get $least))))
        (local.set $at (i32.const 0))
        (block $placed
          (loop $down
            (local.set $child (i32.add (i32.shl (local.get $at) (i32.const 1)) (i32.const 1)))
            (br_if $placed (i32.ge_u (local.get $child) (local.get $k)))
            (if (i32.lt_u (i32.add (local.get $child) (i32.const 1)) (local.get $k))
              (then
                (if
                  (f32.lt
                    (f32.load (i32.add (local.get $heap) (i32.shl (i32.add (local.get $child) (i32.const 1)) (i32.const 2))))
                    (f32.load (i32.add (local.get $heap) (i32.shl (local.get $child) (i32.const 2)))))
                  (then (local.set $child (i32.add (local.get $child) (i32.const 1)))))))
            (br_if $placed
              (i32.eqz
                (f32.lt
                  (f32.load (i32.add (local.get $heap) (i32.shl (local.get $child) (i32.const 2))))
                  (local.get $value))))
            (f32.store (i32.add (local.get $heap) (i32.shl (local.get $at) (i32.const 2)))
              (f32.load (i32.add (local.get $heap) (i32.shl (local.get $child) (i32.const 2)))))
            (local.set $at (local.get $child))
            (br $down)))
        (f32.store (i32.add (local.get $heap) (i32.shl (local.get $at) (i32.const 2))) (local.get $value))
        (local.set $least (f32.load (local.get $heap)))
        (br $next)))
    (local.get $least))

  ;; The slots listed at `slots` (from place `from` on, below `count`) of the documents whose BM25F share (their sum,
  ;; promoted, over `total`) is above `least`, or above 0 with a byte set at `wanted + slot`: written at `out` in
  ;; order, answers how many. The same as accumulate-scores.ts `slotsAbove`; it selects, a slot written past the end
  ;; when not kept (room for one more at `out`).
  (func (export "above")
    (param $slots i32) (param $from i32) (param $count i32) (param $sums i32) (param $total f64) (param $least f64)
    (param $wanted i32) (param $out i32)
    (result i32)
    (local $i i32) (local $kept i32) (local $slot i32) (local $share f64)
    (local.set $i (local.get $from))
    (block $done
      (loop $next
        (br_if $done (i32.ge_s (local.get $i) (local.get $count)))
        (local.set $slot (i32.load (i32.add (local.get $slots) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $share
          (f64.div
            (f64.promote_f32 (f32.load (i32.add (local.get $sums) (i32.shl (local.get $slot) (i32.const 4)))))
            (local.get $total)))
        (i32.store (i32.add (local.get $out) (i32.shl (local.get $kept) (i32.const 2))) (local.get $slot))
        (local.set $kept
          (i32.add (local.get $kept)
            (i32.or
              (f64.gt (local.get $share) (local.get $least))
              (i32.and
                (f64.gt (local.get $share) (f64.const 0))
                (i32.ne (i32.load8_u (i32.add (local.get $wanted) (local.get $slot))) (i32.const 0))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (local.get $kept)))
