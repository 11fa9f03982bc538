//! Writes seed corpora for the fuzz targets into `corpus/<target>/` (run from `fuzz/`:
//! `cargo run --example seeds`; copies are committed in
//! `seeds/<target>/`): valid tokens of every mode, with and without scope, ttl,
//! segment and direction, minted with the fixtures' keys, each prefixed by the selector
//! byte that makes its target decode it with the right scope (and layout).

use std::fs;
use std::path::Path;

use pagecursor::codec::{Direction, EncodeOptions, Mode, Segment};
use pagecursor::paginate::resume::scope_digest;
use pagecursor::paginate::{Layout, Position, ResumeState};
use pagecursor::stack::{ChunkWindow, Edge};
use pagecursor::{CursorStack, Value};
use pagecursor_fuzz::{codec, keys, scope, NOW};

fn write(dir: &Path, n: &mut usize, sel: u8, token: &str) {
    let mut data = vec![sel];
    data.extend_from_slice(token.as_bytes());
    fs::write(dir.join(format!("seed-{n:03}")), data).expect("write a seed");
    *n += 1;
}

fn values() -> Vec<Value> {
    vec![
        Value::Null,
        Value::Int(42),
        Value::Float(-0.0),
        Value::from("USER#123"),
        Value::Bytes(vec![0, 1, 254, 255]),
        Value::Date(NOW),
        Value::map([
            ("createdAt", Value::Date(NOW)),
            ("id", Value::Float(123456789.0)),
        ]),
        Value::List(vec![
            Value::Bool(true),
            Value::List(vec![Value::Float(f64::NAN)]),
        ]),
    ]
}

fn main() {
    let decode_dir = Path::new("corpus/decode_modes");
    fs::create_dir_all(decode_dir).expect("corpus dir");
    let mut n = 0;
    for mode in [Mode::Plain, Mode::Signed, Mode::Sealed] {
        let all = if mode == Mode::Plain { vec![] } else { keys() };
        // The retired key's tokens too (rotation): a codec whose first key is k0 mints them.
        let mut minters = vec![codec(mode, all.clone())];
        if mode != Mode::Plain {
            minters.push(codec(mode, all.into_iter().rev().collect()));
        }
        for minter in &minters {
            for (i, value) in values().into_iter().enumerate() {
                let sel = (i % 4) as u8;
                let options = EncodeOptions {
                    direction: if i % 2 == 0 {
                        Direction::After
                    } else {
                        Direction::Before
                    },
                    scope: scope(sel),
                    segment: (i % 3 == 0).then_some(Segment {
                        segment: 1,
                        total: 4,
                    }),
                    ttl: (i % 3 == 1).then_some(3600),
                    now_ms: Some(NOW - 1000),
                    ..Default::default()
                };
                let token = minter.encode(&value, &options).expect("mint a seed");
                write(decode_dir, &mut n, sel, &token);
            }
        }
    }
    println!("{n} seeds in {}", decode_dir.display());

    let resume_dir = Path::new("corpus/resume");
    fs::create_dir_all(resume_dir).expect("corpus dir");
    let mut n = 0;
    let layouts = [
        (0u8, Layout::Single),
        (1, Layout::All { total: 3 }),
        (
            2,
            Layout::One {
                segment: 1,
                total: 4,
            },
        ),
    ];
    for mode in [Mode::Plain, Mode::Signed] {
        let minter = codec(mode, if mode == Mode::Plain { vec![] } else { keys() });
        for (l, layout) in layouts {
            for s in 0u8..4 {
                let count = layout.segment_ids().len();
                let positions = (0..count)
                    .map(|i| match i % 3 {
                        0 => Position::At {
                            token: None,
                            skip: 0,
                            anchor: None,
                        },
                        1 => Position::Done,
                        _ => Position::At {
                            token: Some(values()[(i + usize::from(s)) % 8].clone()),
                            skip: 7,
                            anchor: None,
                        },
                    })
                    .collect();
                let state = ResumeState {
                    scope: scope(s).map(|v| scope_digest(&v)),
                    layout,
                    positions,
                };
                let token = state.encode(&minter).expect("mint a resume seed");
                write(resume_dir, &mut n, s | (l << 2), &token);
            }
        }
    }
    // Positions with an anchor (`itemKey`): the first page and a later one, one chain.
    for mode in [Mode::Plain, Mode::Signed] {
        let minter = codec(mode, if mode == Mode::Plain { vec![] } else { keys() });
        for (i, anchor) in values().into_iter().skip(1).take(4).enumerate() {
            let state = ResumeState {
                scope: None,
                layout: Layout::Single,
                positions: vec![Position::At {
                    token: (i % 2 == 1).then(|| Value::from("cursor-2")),
                    skip: 3,
                    anchor: Some(anchor),
                }],
            };
            let token = state.encode(&minter).expect("mint a resume seed");
            write(resume_dir, &mut n, 0, &token);
        }
    }
    println!("{n} seeds in {}", resume_dir.display());

    let stack_dir = Path::new("corpus/stack");
    fs::create_dir_all(stack_dir).expect("corpus dir");
    let mut n = 0;
    for mode in [Mode::Plain, Mode::Signed] {
        let minter = codec(mode, if mode == Mode::Plain { vec![] } else { keys() });
        for s in 0u8..4 {
            let mut stack = if s == 3 {
                CursorStack::with_max_depth(2).expect("a depth")
            } else {
                CursorStack::new()
            };
            for (i, value) in values().into_iter().enumerate().skip(1) {
                stack.record(Some(value));
                stack.forward(None).expect("forward");
                if i == 3 {
                    stack.back();
                }
                let token = stack
                    .serialize(&minter, scope(s).as_ref())
                    .expect("a state");
                write(stack_dir, &mut n, s, &token);
            }
            let mut window = ChunkWindow::new(Some(2));
            for i in 0..(s + 1) {
                let (index, _) = window.next_chunk().expect("a chunk");
                window.loaded(Edge::Back, index, (i < 3).then(|| format!("r{i}")), 10);
            }
            let options = EncodeOptions {
                scope: scope(s),
                ..Default::default()
            };
            let token = minter
                .encode(&window.to_value(), &options)
                .expect("a window");
            write(stack_dir, &mut n, s, &token);
        }
    }
    println!("{n} seeds in {}", stack_dir.display());
}
