//! Prints the model's Tables 3 and 4 and Appendix A (the model part of `tripair bench --table vpg`).

fn main() {
    let samples = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    match tripair_vpg::tables::measure(samples) {
        Ok(rows) => {
            print!("{}", tripair_vpg::tables::render(&rows));
            println!();
            print!("{}", tripair_vpg::costmodel::render(&rows));
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
