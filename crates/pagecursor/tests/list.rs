//! The decisions of an infinite list (`pagecursor::list`): which chunk each load fetches and
//! from where, the order of loads, the window's cap, de-duplication by key and the reuse of a
//! cut page. The host (the JS list) is played by the tests: they report walks as a driver
//! would, with real resume tokens.

use pagecursor::list::{
    Done, EditError, List, Load, LoadKind, Next, Placement, Plan, Walk, Walked,
};
use pagecursor::paginate::{Layout, Position, ResumeState};
use pagecursor::window::{ChunkWindow, Edge, WindowChange};
use pagecursor::{CursorCodec, Value};

/// A resume token of one chain: the next page is the one requested with `token` (`None`: the
/// first request), of which `skip` items were handed out.
fn resume(codec: &CursorCodec, token: Option<&str>, skip: u64) -> String {
    ResumeState {
        scope: None,
        layout: Layout::Single,
        positions: vec![Position::At {
            token: token.map(Value::from),
            skip,
            anchor: None,
        }],
    }
    .encode(codec)
    .expect("a resume token")
}

fn begin(list: &mut List, load: &mut Load) -> Plan {
    list.begin(load).expect("a chunk to load")
}

fn finished(walked: Walked) -> Done {
    match walked.next {
        Next::Done(done) => done,
        Next::Again(n) => panic!("the chunk asked for {n} more items"),
    }
}

/// One whole `More` load of `items` items that stops at `resume`.
fn load_more(
    list: &mut List,
    codec: &CursorCodec,
    items: usize,
    resume: Option<String>,
) -> (Plan, Done) {
    let mut load = list.start(LoadKind::More).expect("a new load");
    let plan = begin(list, &mut load);
    let done = finished(list.walked(&mut load, Walk::new(items, resume), codec, None));
    list.end(load);
    (plan, done)
}

fn keys(ids: &[i64]) -> Vec<Option<Value>> {
    ids.iter().map(|i| Some(Value::Int((*i).into()))).collect()
}

fn keyed<'a>(keys: &'a [Option<Value>], resume: Option<String>) -> Walk<'a> {
    Walk {
        items: keys.len(),
        keys: Some(keys),
        resume,
        last_token: true,
        rereadable: true,
        prev: None,
    }
}

#[test]
fn loads_run_in_call_order_and_a_second_load_of_the_last_kind_joins_it() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(None), Some(2));
    assert!(!list.loading());
    let mut first = list.start(LoadKind::More).expect("a new load");
    assert!(list.loading());
    // Asked again while it runs: the same load.
    assert!(list.start(LoadKind::More).is_none());
    // Another kind queues a load of its own; then More again is a third one, after it.
    let mut second = list.start(LoadKind::Previous).expect("a queued load");
    assert!(list.start(LoadKind::Previous).is_none());
    let mut third = list.start(LoadKind::More).expect("a queued load");
    assert_eq!(
        (first.kind(), second.kind(), third.kind()),
        (LoadKind::More, LoadKind::Previous, LoadKind::More)
    );
    // They begin in that order, each when the one before it ended.
    let plan = begin(&mut list, &mut first);
    assert_eq!((plan.chunk, plan.start.as_deref()), (0, None));
    let r0 = resume(&codec, Some("b"), 0);
    finished(list.walked(&mut first, Walk::new(2, Some(r0.clone())), &codec, None));
    list.end(first);
    assert!(list.loading(), "two loads are still pending");
    // Nothing before chunk 0: the previous load has no chunk.
    assert_eq!(list.begin(&mut second), None);
    list.end(second);
    let plan = begin(&mut list, &mut third);
    assert_eq!((plan.chunk, plan.start), (1, Some(r0)));
    finished(list.walked(&mut third, Walk::new(1, None), &codec, None));
    list.end(third);
    assert!(!list.loading());
    // Idle again: a new load of any kind is a new load.
    let load = list.start(LoadKind::More).expect("a new load");
    list.end(load);
}

#[test]
fn each_chunk_starts_at_the_resume_token_of_the_one_before_and_wants_chunk_items() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(None), Some(20));
    let tokens: Vec<String> = (0..3)
        .map(|i| resume(&codec, Some(&format!("t{i}")), 0))
        .collect();
    let mut starts = vec![None];
    for (i, token) in tokens.iter().enumerate() {
        let (plan, done) = load_more(&mut list, &codec, 20, Some(token.clone()));
        assert_eq!(
            plan,
            Plan {
                chunk: i as i64,
                backward: false,
                start: starts[i].clone(),
                want: Some(20),
                reuse_page: false
            }
        );
        assert_eq!(done.change, WindowChange::Added(Edge::Back));
        assert_eq!(done.window, 0..i as i64 + 1);
        starts.push(Some(token.clone()));
    }
    // The data ends exactly at a chunk boundary: the empty last chunk adds nothing.
    let (plan, done) = load_more(&mut list, &codec, 0, None);
    assert_eq!(plan.chunk, 3);
    assert_eq!((done.change, done.window), (WindowChange::Nothing, 0..3));
    assert!(!list.window().has_more());
    let mut load = list.start(LoadKind::More).expect("a new load");
    assert_eq!(list.begin(&mut load), None, "nothing after the end");
    list.end(load);
    // Without chunkItems a load is one page.
    let mut pages = List::new(ChunkWindow::new(None), None);
    let (plan, _) = load_more(&mut pages, &codec, 7, None);
    assert_eq!(plan.want, None);
}

#[test]
fn the_cap_drops_chunks_but_keeps_their_start_tokens_and_previous_loads_them_again() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(Some(2)), Some(5));
    let tokens: Vec<String> = (0..4)
        .map(|i| resume(&codec, Some(&format!("t{i}")), 0))
        .collect();
    for (i, token) in tokens.iter().enumerate() {
        let (_, done) = load_more(&mut list, &codec, 5, Some(token.clone()));
        let dropped = i >= 2;
        assert_eq!(
            done.change,
            if dropped {
                WindowChange::AddedAndDropped(Edge::Back)
            } else {
                WindowChange::Added(Edge::Back)
            }
        );
    }
    assert_eq!(list.window().window(), 2..4);
    assert!(list.window().has_previous());
    // Chunk 1 again, from its kept start; the cap drops chunk 3 at the other end.
    let mut load = list.start(LoadKind::Previous).expect("a new load");
    let plan = begin(&mut list, &mut load);
    assert_eq!((plan.chunk, plan.start), (1, Some(tokens[0].clone())));
    let done = finished(list.walked(
        &mut load,
        Walk::new(5, Some(tokens[1].clone())),
        &codec,
        None,
    ));
    list.end(load);
    assert_eq!(
        (done.change, done.window),
        (WindowChange::AddedAndDropped(Edge::Front), 1..3)
    );
    // And forward again from chunk 3's kept start.
    let (plan, done) = load_more(&mut list, &codec, 5, Some(tokens[3].clone()));
    assert_eq!((plan.chunk, plan.start), (3, Some(tokens[2].clone())));
    assert_eq!(done.window, 2..4);
    // Back to chunk 0, which starts where the list starts.
    for chunk in [1, 0] {
        let mut load = list.start(LoadKind::Previous).expect("a new load");
        let plan = begin(&mut list, &mut load);
        assert_eq!(plan.chunk, chunk);
        assert_eq!(
            plan.start,
            (chunk as usize).checked_sub(1).map(|i| tokens[i].clone())
        );
        finished(list.walked(
            &mut load,
            Walk::new(5, Some(tokens[chunk as usize].clone())),
            &codec,
            None,
        ));
        list.end(load);
    }
    assert_eq!(list.window().window(), 0..2);
    assert!(!list.window().has_previous());
    let mut load = list.start(LoadKind::Previous).expect("a new load");
    assert_eq!(list.begin(&mut load), None, "nothing before chunk 0");
    list.end(load);
}

#[test]
fn a_chunk_drops_keys_the_window_shows_and_walks_on_to_fill_itself() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(None), Some(3));
    let mut load = list.start(LoadKind::More).expect("a new load");
    begin(&mut list, &mut load);
    // A key twice in one walk is kept once.
    let first = keys(&[1, 2, 2]);
    let walked = list.walked(
        &mut load,
        keyed(&first, Some(resume(&codec, Some("b"), 0))),
        &codec,
        None,
    );
    assert_eq!(walked.keep, Some(vec![true, true, false]));
    assert_eq!(walked.next, Next::Again(1));
    let more = keys(&[3]);
    let walked = list.walked(
        &mut load,
        keyed(&more, Some(resume(&codec, Some("c"), 0))),
        &codec,
        None,
    );
    assert_eq!(walked.keep, Some(vec![true]));
    let done = finished(walked);
    assert_eq!(done.window, 0..1);
    list.end(load);
    // The next chunk's walk repeats keys 2 and 3 (rows inserted before the cut): dropped,
    // and the chunk walks on for two more items.
    let mut load = list.start(LoadKind::More).expect("a new load");
    begin(&mut list, &mut load);
    let repeat = keys(&[2, 3, 4]);
    let walked = list.walked(
        &mut load,
        keyed(&repeat, Some(resume(&codec, Some("d"), 0))),
        &codec,
        None,
    );
    assert_eq!(walked.keep, Some(vec![false, false, true]));
    assert_eq!(walked.next, Next::Again(2));
    // A key that is no cursor value is kept, compared with nothing; an item without a key too.
    let last = vec![None, Some(Value::Int(5))];
    let walked = list.walked(
        &mut load,
        Walk {
            items: 3,
            ..keyed(&last, Some(resume(&codec, Some("e"), 0)))
        },
        &codec,
        None,
    );
    assert_eq!(walked.keep, Some(vec![true, true, true]));
    assert_eq!(finished(walked).change, WindowChange::Added(Edge::Back));
    list.end(load);
    // The end of the data stops the filling: the chunk is short.
    let mut load = list.start(LoadKind::More).expect("a new load");
    begin(&mut list, &mut load);
    let tail = keys(&[4, 6]);
    let walked = list.walked(&mut load, keyed(&tail, None), &codec, None);
    assert_eq!(walked.keep, Some(vec![false, true]));
    assert_eq!(finished(walked).window, 0..3);
    list.end(load);
}

#[test]
fn a_previous_chunk_is_only_cleaned_and_dropped_chunks_forget_their_keys() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(Some(1)), Some(2));
    let mut load = list.start(LoadKind::More).expect("a new load");
    begin(&mut list, &mut load);
    let r0 = resume(&codec, Some("b"), 0);
    finished(list.walked(
        &mut load,
        keyed(&keys(&[1, 2]), Some(r0.clone())),
        &codec,
        None,
    ));
    list.end(load);
    // Chunk 1 drops chunk 0 (the cap is one chunk): its keys are no longer shown.
    let mut load = list.start(LoadKind::More).expect("a new load");
    begin(&mut list, &mut load);
    let walked = list.walked(
        &mut load,
        keyed(&keys(&[3, 4]), Some(resume(&codec, Some("c"), 0))),
        &codec,
        None,
    );
    assert_eq!(walked.keep, Some(vec![true, true]));
    assert_eq!(
        finished(walked).change,
        WindowChange::AddedAndDropped(Edge::Back)
    );
    list.end(load);
    // Chunk 0 again, whose walk now also holds key 3 (shown in chunk 1): it is dropped, and the
    // chunk is not filled (walking on from its end would run into the window).
    let mut load = list.start(LoadKind::Previous).expect("a new load");
    let plan = begin(&mut list, &mut load);
    assert_eq!(plan.chunk, 0);
    let walked = list.walked(&mut load, keyed(&keys(&[2, 3]), Some(r0)), &codec, None);
    assert_eq!(walked.keep, Some(vec![true, false]));
    assert_eq!(finished(walked).window, 0..1);
    list.end(load);
}

#[test]
fn filling_stops_after_as_many_duplicates_as_keys_are_shown() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(None), Some(2));
    let mut load = list.start(LoadKind::More).expect("a new load");
    begin(&mut list, &mut load);
    finished(list.walked(
        &mut load,
        keyed(&keys(&[1, 2]), Some(resume(&codec, Some("b"), 0))),
        &codec,
        None,
    ));
    list.end(load);
    // A source that hands out key 1 forever: 2 keys shown + 2 wanted = 4 duplicates at most.
    let mut load = list.start(LoadKind::More).expect("a new load");
    begin(&mut list, &mut load);
    let same = keys(&[1]);
    let mut walks = 0;
    loop {
        walks += 1;
        let walked = list.walked(
            &mut load,
            keyed(&same, Some(resume(&codec, Some("x"), 0))),
            &codec,
            None,
        );
        match walked.next {
            Next::Again(n) => assert_eq!(n, 2),
            Next::Done(done) => {
                // The chunk is empty but the walk did not end: it is added, with no items.
                assert_eq!(done.change, WindowChange::Added(Edge::Back));
                break;
            }
        }
        assert!(walks < 10);
    }
    assert_eq!(walks, 5);
    list.end(load);
}

#[test]
fn a_page_a_chunk_ended_inside_serves_the_next_chunk_once() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(None), Some(3));
    // The walk stopped 1 item into the page requested with token "b".
    let cut = resume(&codec, Some("b"), 1);
    let (_, done) = load_more(&mut list, &codec, 3, Some(cut.clone()));
    assert!(done.keep_page);
    let (plan, done) = load_more(&mut list, &codec, 3, Some(resume(&codec, Some("c"), 0)));
    assert!(plan.reuse_page, "the next chunk starts in the kept page");
    assert_eq!(plan.start, Some(cut.clone()));
    assert!(
        !done.keep_page,
        "a walk that stopped at a page boundary keeps nothing"
    );
    let (plan, _) = load_more(&mut list, &codec, 3, Some(resume(&codec, Some("d"), 2)));
    assert!(!plan.reuse_page);

    // Not when the page cannot be read again, nor when the token of the page it requested
    // last does not match the resume position (the first request has none).
    let mut list = List::new(ChunkWindow::new(None), Some(3));
    let mut load = list.start(LoadKind::More).expect("a new load");
    begin(&mut list, &mut load);
    let walk = Walk {
        rereadable: false,
        ..Walk::new(3, Some(cut.clone()))
    };
    assert!(!done_of(&mut list, &mut load, walk, &codec).keep_page);
    list.end(load);
    let mut load = list.start(LoadKind::More).expect("a new load");
    begin(&mut list, &mut load);
    let walk = Walk {
        last_token: false,
        ..Walk::new(3, Some(cut.clone()))
    };
    assert!(!done_of(&mut list, &mut load, walk, &codec).keep_page);
    list.end(load);
    let mut load = list.start(LoadKind::More).expect("a new load");
    begin(&mut list, &mut load);
    let walk = Walk {
        last_token: false,
        ..Walk::new(3, Some(resume(&codec, None, 2)))
    };
    assert!(
        done_of(&mut list, &mut load, walk, &codec).keep_page,
        "cut in the first page"
    );
    list.end(load);
    // A token that is no resume token of this codec is no cut.
    let (_, done) = load_more(&mut list, &codec, 3, Some("not-a-token".into()));
    assert!(!done.keep_page);

    // A load of the other kind in between takes the kept page away.
    let mut list = List::new(ChunkWindow::new(Some(1)), Some(3));
    load_more(&mut list, &codec, 3, Some(resume(&codec, Some("a"), 0)));
    let (_, done) = load_more(&mut list, &codec, 3, Some(cut.clone()));
    assert!(done.keep_page);
    let mut load = list.start(LoadKind::Previous).expect("a new load");
    let plan = begin(&mut list, &mut load);
    assert!(!plan.reuse_page);
    let walked = list.walked(
        &mut load,
        Walk::new(3, Some(resume(&codec, Some("a"), 0))),
        &codec,
        None,
    );
    assert!(
        !finished(walked).keep_page,
        "only a More chunk keeps a page"
    );
    list.end(load);
    let (plan, _) = load_more(&mut list, &codec, 3, None);
    assert_eq!(plan.chunk, 1);
    assert!(!plan.reuse_page);
}

fn done_of(list: &mut List, load: &mut Load, walk: Walk<'_>, codec: &CursorCodec) -> Done {
    finished(list.walked(load, walk, codec, None))
}

#[test]
fn a_list_built_again_starts_over_and_a_restored_one_after_its_window() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(Some(2)), Some(3));
    let tokens: Vec<String> = (0..3)
        .map(|i| resume(&codec, Some(&format!("t{i}")), 1))
        .collect();
    for token in &tokens {
        load_more(&mut list, &codec, 3, Some(token.clone()));
    }
    // A load still running when the host resets: the new list is idle, holds nothing kept, and
    // the old load ends on the old list only.
    let old = list.start(LoadKind::More).expect("a new load");
    let saved = list.window().to_value();
    let mut fresh = List::new(ChunkWindow::new(Some(2)), Some(3));
    assert!(!fresh.loading());
    let (plan, _) = load_more(&mut fresh, &codec, 3, None);
    assert_eq!(
        plan,
        Plan {
            chunk: 0,
            backward: false,
            start: None,
            want: Some(3),
            reuse_page: false
        }
    );
    list.end(old);
    assert!(!list.loading());
    // Restored from the saved window: empty, positioned after it; the kept page is gone.
    let mut restored = List::new(
        ChunkWindow::from_value(&saved, Some(2)).expect("a state"),
        Some(3),
    );
    assert_eq!(restored.window().window(), 3..3);
    let mut load = restored.start(LoadKind::More).expect("a new load");
    let plan = begin(&mut restored, &mut load);
    assert_eq!(
        (plan.chunk, plan.start.as_ref(), plan.reuse_page),
        (3, Some(&tokens[2]), false)
    );
    restored.end(load);
    let mut load = restored.start(LoadKind::Previous).expect("a new load");
    assert_eq!(
        begin(&mut restored, &mut load).start,
        Some(tokens[1].clone())
    );
    restored.end(load);
}

#[test]
fn no_load_is_wanted_while_one_runs() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(None), Some(3));
    assert_eq!(list.sentinel(Edge::Back, true), Some(LoadKind::More));
    let mut load = list.start(LoadKind::More).expect("a new load");
    assert_eq!(list.sentinel(Edge::Back, true), None);
    begin(&mut list, &mut load);
    finished(list.walked(
        &mut load,
        Walk::new(3, Some(resume(&codec, Some("b"), 0))),
        &codec,
        None,
    ));
    assert_eq!(
        list.sentinel(Edge::Back, true),
        None,
        "not until the load ended"
    );
    list.end(load);
    assert_eq!(list.sentinel(Edge::Back, true), Some(LoadKind::More));
    assert_eq!(list.sentinel(Edge::Back, false), None);
    assert_eq!(
        list.sentinel(Edge::Front, true),
        None,
        "nothing before chunk 0"
    );
}

/// One whole load of `kind` whose walks are `walks` (items, keys, resume), answered in order.
fn run(
    list: &mut List,
    codec: &CursorCodec,
    kind: LoadKind,
    walks: &[(&[Option<Value>], Option<String>)],
) -> (Plan, Done, Vec<Option<usize>>) {
    let mut load = list.start(kind).expect("a new load");
    let plan = begin(list, &mut load);
    let mut agains = Vec::new();
    let mut done = None;
    for (keys, resume) in walks {
        let walked = list.walked(&mut load, keyed(keys, resume.clone()), codec, None);
        match walked.next {
            Next::Again(n) => agains.push(Some(n)),
            Next::Done(d) => {
                done = Some(d);
                break;
            }
        }
    }
    list.end(load);
    (plan, done.expect("the load is done"), agains)
}

#[test]
fn first_index_counts_from_the_origin_and_never_moves_a_shown_item() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(Some(2)), Some(3));
    assert_eq!(list.first_index(), 0);
    for i in 0..3 {
        load_more(
            &mut list,
            &codec,
            3,
            Some(resume(&codec, Some(&format!("p{i}")), 0)),
        );
    }
    // Chunk 0 dropped: items[0] is the 4th item of the list.
    assert_eq!((list.window().window(), list.first_index()), (1..3, 3));
    assert_eq!(list.counts(), vec![3, 3]);
    // Chunk 0 loaded again before the window (the service now gives 4 items there): the index
    // of what stays shown does not change, items[0] stands at 3 - 4.
    let mut load = list.start(LoadKind::Previous).expect("a new load");
    begin(&mut list, &mut load);
    let done = finished(list.walked(
        &mut load,
        Walk::new(4, Some(resume(&codec, Some("p0"), 1))),
        &codec,
        None,
    ));
    list.end(load);
    assert_eq!(done.window, 0..2);
    assert_eq!((list.first_index(), list.counts()), (-1, vec![4, 3]));
}

#[test]
fn a_window_refresh_walks_as_many_items_as_the_window_holds_and_replaces_it() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(Some(3)), Some(2));
    for (i, ks) in [[1, 2], [3, 4], [5, 6], [7, 8]].iter().enumerate() {
        let r = Some(resume(&codec, Some(&format!("p{i}")), 0));
        run(&mut list, &codec, LoadKind::More, &[(&keys(ks), r)]);
    }
    assert_eq!((list.window().window(), list.first_index()), (1..4, 2));
    // The window holds 6 items: the refresh starts at chunk 1's start and walks chunk by chunk.
    // On the service, 4 was deleted and 35 inserted after 3.
    let (plan, done, agains) = run(
        &mut list,
        &codec,
        LoadKind::RefreshWindow,
        &[
            (&keys(&[3, 35]), Some(resume(&codec, Some("q1"), 0))),
            (&keys(&[5, 6]), Some(resume(&codec, Some("q2"), 0))),
            (&keys(&[7, 8]), Some(resume(&codec, Some("q3"), 0))),
        ],
    );
    assert_eq!(
        (plan.chunk, plan.start.is_some(), plan.want),
        (1, true, Some(2))
    );
    assert_eq!(agains, vec![Some(2), Some(2)]);
    assert_eq!(
        done.placement,
        Placement::Window {
            from: 1,
            counts: vec![2, 2, 2]
        }
    );
    assert_eq!((done.window.clone(), list.first_index()), (1..4, 2));
    // The next chunk starts where the refresh ended; the old start of chunk 4 is forgotten.
    let mut load = list.start(LoadKind::More).unwrap();
    assert_eq!(
        begin(&mut list, &mut load).start,
        Some(resume(&codec, Some("q3"), 0))
    );
    list.end(load);
    // Keys are those of the refreshed window: 35 is shown, 4 no longer.
    assert!(list.locate(&Value::Int(35)).is_some() && list.locate(&Value::Int(4)).is_none());

    // A refresh that finds the data shorter ends the list there.
    let (_, done, _) = run(
        &mut list,
        &codec,
        LoadKind::RefreshWindow,
        &[(&keys(&[3]), None)],
    );
    assert_eq!(
        done.placement,
        Placement::Window {
            from: 1,
            counts: vec![1]
        }
    );
    assert_eq!(done.window, 1..2);
    assert!(!list.window().has_more());
    // One that finds nothing leaves an empty window at the end.
    let (_, done, _) = run(
        &mut list,
        &codec,
        LoadKind::RefreshWindow,
        &[(&keys(&[]), None)],
    );
    assert_eq!(
        (done.placement, done.window),
        (
            Placement::Window {
                from: 1,
                counts: vec![]
            },
            1..1
        )
    );
    // An empty window has nothing to refresh.
    let mut load = list.start(LoadKind::RefreshWindow).unwrap();
    assert!(list.begin(&mut load).is_none());
    list.end(load);
}

#[test]
fn a_head_refresh_puts_new_items_on_top_or_becomes_the_window() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(None), Some(3));
    run(
        &mut list,
        &codec,
        LoadKind::More,
        &[(&keys(&[10, 9, 8]), Some(resume(&codec, Some("a"), 0)))],
    );
    run(
        &mut list,
        &codec,
        LoadKind::More,
        &[(&keys(&[7, 6, 5]), Some(resume(&codec, Some("b"), 0)))],
    );
    // Pull to refresh: 12 and 11 are new on top; 10 is shown, so what follows it is ignored.
    let (plan, done, _) = run(
        &mut list,
        &codec,
        LoadKind::RefreshHead,
        &[(&keys(&[12, 11, 10]), Some(resume(&codec, Some("a2"), 0)))],
    );
    assert_eq!((plan.chunk, plan.start, plan.want), (0, None, Some(3)));
    assert_eq!(done.placement, Placement::OnTop(2));
    assert_eq!((list.first_index(), list.counts()), (-2, vec![5, 3]));
    assert_eq!(done.window, 0..2);
    // Nothing new: nothing moves.
    let (_, done, _) = run(
        &mut list,
        &codec,
        LoadKind::RefreshHead,
        &[(&keys(&[12, 11, 10]), Some(resume(&codec, Some("a3"), 0)))],
    );
    assert_eq!(
        (done.placement, list.first_index()),
        (Placement::OnTop(0), -2)
    );
    // No shown key in the fresh chunk (everything changed): it becomes the window, at 0.
    let (_, done, _) = run(
        &mut list,
        &codec,
        LoadKind::RefreshHead,
        &[(&keys(&[30, 29, 28]), Some(resume(&codec, Some("z"), 0)))],
    );
    assert_eq!(
        (done.placement, done.window.clone(), list.first_index()),
        (
            Placement::Window {
                from: 0,
                counts: vec![3]
            },
            0..1,
            0
        )
    );
    let mut load = list.start(LoadKind::More).unwrap();
    assert_eq!(
        begin(&mut list, &mut load).start,
        Some(resume(&codec, Some("z"), 0))
    );
    list.end(load);
    // A window that does not hold the origin chunk is replaced too.
    let mut far = List::new(ChunkWindow::new(Some(1)), Some(1));
    run(
        &mut far,
        &codec,
        LoadKind::More,
        &[(&keys(&[3]), Some(resume(&codec, Some("a"), 0)))],
    );
    run(
        &mut far,
        &codec,
        LoadKind::More,
        &[(&keys(&[2]), Some(resume(&codec, Some("b"), 0)))],
    );
    let (_, done, _) = run(
        &mut far,
        &codec,
        LoadKind::RefreshHead,
        &[(&keys(&[4]), Some(resume(&codec, Some("a"), 0)))],
    );
    assert_eq!(
        (done.placement, done.window, far.first_index()),
        (
            Placement::Window {
                from: 0,
                counts: vec![1]
            },
            0..1,
            0
        )
    );
}

#[test]
fn edits_change_counts_keys_and_the_first_index_and_undo_only_while_the_chunk_is_unchanged() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(None), Some(2));
    run(
        &mut list,
        &codec,
        LoadKind::More,
        &[(&keys(&[1, 2]), Some(resume(&codec, Some("a"), 0)))],
    );
    run(
        &mut list,
        &codec,
        LoadKind::More,
        &[(&keys(&[3, 4]), Some(resume(&codec, Some("b"), 0)))],
    );
    // insert at the start: on top of chunk 0, the first index falls.
    let top = list.insert(true, Some(&Value::Int(0))).unwrap();
    assert_eq!(
        (top.chunk, top.index, list.first_index(), list.counts()),
        (0, 0, -1, vec![3, 2])
    );
    // A key shown already cannot be inserted; nor into an empty list.
    assert_eq!(
        list.insert(false, Some(&Value::Int(3))),
        Err(EditError::Shown)
    );
    assert_eq!(
        List::new(ChunkWindow::new(None), None).insert(true, None),
        Err(EditError::Empty)
    );
    // insert at the end: after chunk 1's last item.
    let end = list.insert(false, Some(&Value::Int(5))).unwrap();
    assert_eq!((end.chunk, end.index, list.counts()), (1, 2, vec![3, 3]));
    // remove: the first index stays, the items after shift.
    let two = list.locate(&Value::Int(2)).unwrap();
    assert_eq!((two.chunk, two.index), (0, 2));
    assert!(list.remove(two));
    assert_eq!((list.first_index(), list.counts()), (-1, vec![2, 3]));
    assert!(list.locate(&Value::Int(2)).is_none());
    // update to a key shown elsewhere is refused; to a new one it moves the key.
    let one = list.locate(&Value::Int(1)).unwrap();
    assert_eq!(list.rekey(one, Some(&Value::Int(4))), Err(EditError::Shown));
    list.rekey(one, Some(&Value::Int(11))).unwrap();
    assert!(list.locate(&Value::Int(11)) == Some(one));
    // Undo: the removed item goes back where it was; the insert at the start goes and the first
    // index rises again.
    assert_eq!(list.unremove(two, Some(&Value::Int(2))), Some(2));
    assert!(list.uninsert(list.locate(&Value::Int(0)).unwrap(), true));
    assert_eq!((list.first_index(), list.counts()), (0, vec![2, 3]));
    assert_eq!(
        list.locate(&Value::Int(2)).map(|at| (at.chunk, at.index)),
        Some((0, 1))
    );
    // Once the chunk is fetched again (a refresh), the undo of an edit in it does nothing.
    let five = list.locate(&Value::Int(5)).unwrap();
    run(
        &mut list,
        &codec,
        LoadKind::RefreshWindow,
        &[
            (&keys(&[1, 2]), Some(resume(&codec, Some("a"), 0))),
            (&keys(&[3, 4]), Some(resume(&codec, Some("b"), 0))),
            (&keys(&[6, 7]), Some(resume(&codec, Some("c"), 0))),
        ],
    );
    assert!(!list.uninsert(five, false));
    assert_eq!(list.unremove(five, Some(&Value::Int(99))), None);
    assert_eq!(list.counts(), vec![2, 2, 2]);
}

#[test]
fn a_snapshot_builds_a_list_with_its_window_in_memory() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(Some(2)), Some(2));
    for (i, ks) in [[1, 2], [3, 4], [5, 6]].iter().enumerate() {
        run(
            &mut list,
            &codec,
            LoadKind::More,
            &[(&keys(ks), Some(resume(&codec, Some(&format!("p{i}")), 0)))],
        );
    }
    let snapshot = list.snapshot();
    let counts: Vec<usize> = match snapshot.get("c") {
        Some(Value::List(c)) => c
            .iter()
            .map(|v| match v {
                Value::Int(n) => *n as usize,
                _ => 0,
            })
            .collect(),
        _ => panic!("counts"),
    };
    assert_eq!(counts, vec![2, 2]);
    assert_eq!(snapshot.get("i"), Some(&Value::Int(2)));
    let window = ChunkWindow::from_value(&snapshot, Some(2)).unwrap();
    let items = keys(&[3, 4, 5, 6]);
    let mut copy = List::with_items(window.clone(), Some(2), &counts, Some(&items), 2).unwrap();
    assert_eq!(
        (copy.window().window(), copy.first_index(), copy.counts()),
        (1..3, 2, vec![2, 2])
    );
    // It goes on where the original was, and knows what it shows.
    assert!(copy.locate(&Value::Int(5)).is_some());
    let mut load = copy.start(LoadKind::More).unwrap();
    assert_eq!(begin(&mut copy, &mut load).chunk, 3);
    copy.end(load);
    // Items that do not match the counts, or counts that do not match the window, are refused.
    assert_eq!(
        List::with_items(window.clone(), Some(2), &counts, Some(&items[..3]), 2)
            .unwrap_err()
            .code(),
        "malformed"
    );
    assert_eq!(
        List::with_items(window, Some(2), &[2, 2, 2, 2], None, 2)
            .unwrap_err()
            .code(),
        "malformed"
    );
}

/// A walk of `items` items (keys in walk order) whose first page had the previous token `prev`.
fn with_prev<'a>(
    keys: &'a [Option<Value>],
    resume: Option<String>,
    prev: Option<&str>,
) -> Walk<'a> {
    Walk {
        prev: prev.map(Value::from),
        ..keyed(keys, resume)
    }
}

#[test]
fn a_list_loads_before_its_origin_backward_from_the_first_pages_previous_token() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(Some(3)), Some(2));
    // Nothing before the origin is known until its first page was read.
    assert!(!list.window().has_previous());
    let mut load = list.start(LoadKind::More).unwrap();
    begin(&mut list, &mut load);
    let origin = keys(&[50, 49]);
    let walk = with_prev(&origin, Some(resume(&codec, Some("n1"), 0)), Some("p0"));
    finished(list.walked(&mut load, walk, &codec, None));
    list.end(load);
    assert!(list.window().has_previous());
    // Chunk -1 walks backward from a resume token whose first request is that previous token.
    let mut load = list.start(LoadKind::Previous).unwrap();
    let plan = begin(&mut list, &mut load);
    assert_eq!(
        (plan.chunk, plan.backward, plan.start.clone()),
        (-1, true, Some(resume(&codec, Some("p0"), 0)))
    );
    // The walk hands out the items nearest the window first: 51, 52.
    let done = finished(list.walked(
        &mut load,
        keyed(&keys(&[51, 52]), Some(resume(&codec, Some("p1"), 0))),
        &codec,
        None,
    ));
    list.end(load);
    assert_eq!(
        (done.window, list.first_index(), list.counts()),
        (-1..1, -2, vec![2, 2])
    );
    // Its keys are kept in list order: 52 first.
    assert_eq!(
        list.locate(&Value::Int(52)).map(|at| (at.chunk, at.index)),
        Some((-1, 0))
    );
    // The next one continues from that walk's resume token, and the beginning ends it.
    let mut load = list.start(LoadKind::Previous).unwrap();
    let plan = begin(&mut list, &mut load);
    assert_eq!(
        (plan.chunk, plan.start),
        (-2, Some(resume(&codec, Some("p1"), 0)))
    );
    let done = finished(list.walked(&mut load, keyed(&keys(&[53]), None), &codec, None));
    list.end(load);
    assert_eq!((done.window, list.first_index()), (-2..1, -3));
    assert!(!list.window().has_previous());
    // Past the cap a load at the back drops chunk -2; loading before again walks it backward
    // from its own start, whichever edge.
    load_more(&mut list, &codec, 2, Some(resume(&codec, Some("n2"), 0)));
    assert_eq!((list.window().window(), list.first_index()), (-1..2, -2));
    let mut load = list.start(LoadKind::Previous).unwrap();
    let plan = begin(&mut list, &mut load);
    assert_eq!((plan.chunk, plan.backward), (-2, true));
    list.end(load);
    // The state keeps the chunks before the origin and the beginning.
    let back = ChunkWindow::from_value(&list.window().to_value(), Some(3)).unwrap();
    assert_eq!(
        back.previous_chunk(),
        Some((1, Some(resume(&codec, Some("n1"), 0))))
    );
    let shown = back.clone().shown(3).unwrap();
    assert_eq!(shown.window(), -1..2);
    assert_eq!(shown.previous_chunk().map(|p| p.0), Some(-2));
    // A first page without a previous token: the origin is the beginning.
    let mut plain = List::new(ChunkWindow::new(None), Some(2));
    let mut load = plain.start(LoadKind::More).unwrap();
    begin(&mut plain, &mut load);
    finished(plain.walked(
        &mut load,
        with_prev(&keys(&[1, 2]), None, None),
        &codec,
        None,
    ));
    plain.end(load);
    assert!(!plain.window().has_previous());
    // A window refresh of a window that starts before the origin walks from the origin on.
    let mut load = list.start(LoadKind::RefreshWindow).unwrap();
    let plan = begin(&mut list, &mut load);
    assert_eq!((plan.chunk, plan.backward, plan.want), (0, false, Some(2)));
    list.end(load);
}

#[test]
fn the_origin_keeps_the_previous_token_of_its_first_page_when_a_second_walk_fills_it() {
    let codec = CursorCodec::default();
    let mut list = List::new(ChunkWindow::new(None), Some(2));
    let mut load = list.start(LoadKind::More).unwrap();
    begin(&mut list, &mut load);
    // The first walk brings a key twice: the chunk misses one item and walks on from inside
    // the data, where the first page it reads has a previous token of its own.
    let first = keys(&[50, 50]);
    let walk = with_prev(&first, Some(resume(&codec, Some("n1"), 0)), Some("p0"));
    assert_eq!(
        list.walked(&mut load, walk, &codec, None).next,
        Next::Again(1)
    );
    let fill = keys(&[49]);
    let walk = with_prev(&fill, Some(resume(&codec, Some("n2"), 0)), Some("p1"));
    finished(list.walked(&mut load, walk, &codec, None));
    list.end(load);
    let mut load = list.start(LoadKind::Previous).unwrap();
    let plan = begin(&mut list, &mut load);
    assert_eq!(
        (plan.chunk, plan.start),
        (-1, Some(resume(&codec, Some("p0"), 0))),
        "the chunk before the origin starts at the origin's first page's previous token"
    );
    list.end(load);
}
