//! Vector clocks (Lamport/Mattern; as in Djit+ and FastTrack) over *slots*. Every unit of
//! execution that OpenMP may run concurrently with others — an implicit task, an explicit task —
//! owns a slot while it runs; its events are stamped with the slot's clock. An event `(s, c)`
//! happens before a unit whose vector clock `V` has `V[s] >= c`.
//!
//! Slots are reused (as race detectors reuse thread ids): a finished unit's slot may go to a new
//! unit whose creator already knows everything the old unit did (`V[s] >= final clock`), so the
//! new unit is ordered after the old one and counting on from the old clock keeps every
//! comparison exact. This bounds the clocks by the number of units alive at once.

/// A vector clock: `clock[slot]`; missing entries are 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct VClock(Vec<u32>);

impl VClock {
    pub fn get(&self, slot: u32) -> u32 {
        self.0.get(slot as usize).copied().unwrap_or(0)
    }

    pub fn set(&mut self, slot: u32, c: u32) {
        let i = slot as usize;
        if self.0.len() <= i {
            self.0.resize(i + 1, 0);
        }
        self.0[i] = c;
    }

    /// Advances the clock of `slot` (a new epoch of its unit).
    pub fn tick(&mut self, slot: u32) {
        let c = self.get(slot);
        self.set(slot, c + 1);
    }

    /// Pointwise maximum: afterwards `self` knows everything `other` knows.
    pub fn join(&mut self, other: &VClock) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a = (*a).max(*b);
        }
    }

    /// Whether every event `self` knows is known to `other`.
    pub fn leq(&self, other: &VClock) -> bool {
        self.0.iter().enumerate().all(|(i, c)| *c <= other.get(i as u32))
    }
}

/// The slots: in use, and free ones with the final clock of their last owner.
#[derive(Debug, Default)]
pub(crate) struct Slots {
    next: u32,
    free: Vec<(u32, u32)>,
}

impl Slots {
    /// A slot for a unit created by a unit whose clock is `creator`: a free slot whose last
    /// owner the creator already knows entirely, or a new one. Returns the slot and the clock the
    /// new unit starts at in it.
    pub fn take(&mut self, creator: &VClock) -> (u32, u32) {
        if let Some(k) = self
            .free
            .iter()
            .rposition(|&(s, fin)| creator.get(s) >= fin)
        {
            let (s, _) = self.free.swap_remove(k);
            return (s, creator.get(s) + 1);
        }
        let s = self.next;
        self.next += 1;
        (s, 1)
    }

    /// Returns a slot whose unit ended at clock `fin`.
    pub fn give_back(&mut self, slot: u32, fin: u32) {
        self.free.push((slot, fin));
    }

    /// How many slots were ever used.
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
