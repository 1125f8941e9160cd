//! Vector clocks (Lamport/Mattern; as in Djit+ and FastTrack) over *slots*. Every unit of
//! execution that OpenMP may run concurrently with others — an implicit task, an explicit task —
//! owns a slot while it runs; its events are stamped with the slot's clock. An event `(s, c)`
//! happens before a unit whose vector clock `V` has `V[s] >= c`.
//!
//! Slots are reused (as race detectors reuse thread ids): a finished unit's slot may go to a new
//! unit whose creator already knows everything the old unit did (`V[s] >= final clock`), so the
//! new unit is ordered after the old one and counting on from the old clock keeps every
//! comparison exact. This bounds the clocks by the number of units alive at once.

/// A vector clock: `clock[slot]`, sparse (slots in increasing order; missing entries are 0).
/// Units know few slots each — tasks that never synchronised with each other do not know each
/// other's slots — so clocks stay small even when many tasks have run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct VClock(Vec<(u32, u32)>);

impl VClock {
    pub fn get(&self, slot: u32) -> u32 {
        match self.0.binary_search_by_key(&slot, |e| e.0) {
            Ok(i) => self.0[i].1,
            Err(_) => 0,
        }
    }

    pub fn set(&mut self, slot: u32, c: u32) {
        match self.0.binary_search_by_key(&slot, |e| e.0) {
            Ok(i) => self.0[i].1 = c,
            Err(i) => self.0.insert(i, (slot, c)),
        }
    }

    /// Advances the clock of `slot` (a new epoch of its unit).
    pub fn tick(&mut self, slot: u32) {
        let c = self.get(slot);
        self.set(slot, c + 1);
    }

    /// Pointwise maximum: afterwards `self` knows everything `other` knows.
    pub fn join(&mut self, other: &VClock) {
        if other.0.is_empty() {
            return;
        }
        let mut out = Vec::with_capacity(self.0.len().max(other.0.len()));
        let (mut i, mut j) = (0, 0);
        let (a, b) = (&self.0, &other.0);
        while i < a.len() && j < b.len() {
            match a[i].0.cmp(&b[j].0) {
                std::cmp::Ordering::Less => {
                    out.push(a[i]);
                    i += 1;
                }
                std::cmp::Ordering::Greater => {
                    out.push(b[j]);
                    j += 1;
                }
                std::cmp::Ordering::Equal => {
                    out.push((a[i].0, a[i].1.max(b[j].1)));
                    i += 1;
                    j += 1;
                }
            }
        }
        out.extend_from_slice(&a[i..]);
        out.extend_from_slice(&b[j..]);
        self.0 = out;
    }

    /// Whether every event `self` knows is known to `other`.
    #[cfg(test)]
    pub fn leq(&self, other: &VClock) -> bool {
        self.0.iter().all(|&(s, c)| c <= other.get(s))
    }
}

/// The slots: in use, and free ones with the final clock of their last owner.
#[derive(Debug, Default)]
pub(crate) struct Slots {
    next: u32,
    free: super::hash_map::HashMap<u32, u32>,
}

impl Slots {
    /// A slot for a unit created by a unit whose clock is `creator`: a free slot whose last
    /// owner the creator already knows entirely, or a new one. Returns the slot and the clock the
    /// new unit starts at in it.
    pub fn take(&mut self, creator: &VClock) -> (u32, u32) {
        // A reusable slot is one the creator knows the end of, so it is among the creator's
        // entries.
        let reuse = creator
            .0
            .iter()
            .find(|&&(s, c)| self.free.get(&s).is_some_and(|&fin| c >= fin))
            .copied();
        if let Some((s, c)) = reuse {
            self.free.remove(&s);
            return (s, c + 1);
        }
        let s = self.next;
        self.next += 1;
        (s, 1)
    }

    /// Returns a slot whose unit ended at clock `fin`.
    pub fn give_back(&mut self, slot: u32, fin: u32) {
        self.free.insert(slot, fin);
    }

    /// How many slots were ever used.
    #[cfg(test)]
    pub fn used(&self) -> u32 {
        self.next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_and_order() {
        let mut a = VClock::default();
        a.set(0, 3);
        let mut b = VClock::default();
        b.set(1, 2);
        assert!(!a.leq(&b) && !b.leq(&a));
        let mut c = a.clone();
        c.join(&b);
        assert!(a.leq(&c) && b.leq(&c));
        assert_eq!((c.get(0), c.get(1), c.get(7)), (3, 2, 0));
    }

    #[test]
    fn a_slot_is_reused_only_by_units_ordered_after_its_last_owner() {
        let mut slots = Slots::default();
        let root = VClock::default();
        let (s0, c0) = slots.take(&root);
        assert_eq!((s0, c0), (0, 1));
        // The owner of slot 0 ends at clock 5; a creator that does not know that gets a new slot.
        slots.give_back(s0, 5);
        let (s1, _) = slots.take(&root);
        assert_ne!(s1, s0);
        // One that joined the old owner's clock reuses it, counting on.
        let mut knows = VClock::default();
        knows.set(s0, 5);
        assert_eq!(slots.take(&knows), (s0, 6));
        assert_eq!(slots.used(), 2);
    }
}
