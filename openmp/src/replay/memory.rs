//! Memory: objects of flat cells (see [`super::layout`]). Every variable is an object —
//! scalars too, which the proof keeps as Viper locals — and so is every allocation, string
//! literal and command-line argument. An object lives from its creation (declaration, `malloc`)
//! to its end (the end of its block, `free`); a pointer to an ended object is dangling, and an
//! access outside an object's cells is undefined behaviour. Each object also carries the shadow
//! cells of the race detector.

use super::race::Shadow;
use super::value::{ObjId, Ptr, Ub, VResult, Value};
use crate::c::ast::{Type, VarId};

/// What an object is (for naming its cells in reports).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Origin {
    /// A variable, or a copy of one (private, firstprivate, threadprivate, ...).
    Var(VarId),
    /// `malloc`/`calloc`, named by the expression it was assigned to (`a`, `p->next`).
    Heap(String),
    /// A string literal.
    Str,
    /// `argv[k]`.
    Argv(usize),
    /// Something the runtime made (the `argv` array, a `FILE`).
    Internal(&'static str),
}

/// One object.
#[derive(Debug)]
pub(crate) struct Object {
    pub cells: Vec<Value>,
    pub origin: Origin,
    /// The object's type with every array length known; `None`: the declared type of its
    /// variable.
    pub ty: Option<Type>,
    pub readonly: bool,
    /// A private copy made by a construct with `simd` (OpenMP 5.2 §5.4.3: each SIMD lane has
    /// its own): the lanes of the thread that owns it never share it, so their accesses to it
    /// are the thread's own, in the order the run makes them.
    pub lane_private: bool,
    /// The race detector's cells (empty until an access is tracked).
    pub shadow: Vec<Shadow>,
}

#[derive(Debug, Default)]
struct Slot {
    gen: u32,
    obj: Option<Box<Object>>,
}

/// All objects.
#[derive(Debug)]
pub(crate) struct Memory {
    slots: Vec<Slot>,
    free: Vec<u32>,
    /// Cells of the objects alive now.
    pub live_cells: u64,
    /// The budget of live cells.
    pub max_cells: u64,
}

impl Memory {
    pub fn new(max_cells: u64) -> Memory {
        Memory {
            slots: Vec::new(),
            free: Vec::new(),
            live_cells: 0,
            max_cells,
        }
    }

    /// A new object of `n` cells, all `init`. `Err` names the budget when it is exceeded.
    pub fn alloc(
        &mut self,
        n: u64,
        init: Value,
        origin: Origin,
        ty: Option<Type>,
    ) -> Result<ObjId, String> {
        if self.live_cells.saturating_add(n) > self.max_cells {
            return Err(format!(
                "the memory budget of {} cells is exhausted (an object of {n} cells was requested)",
                self.max_cells
            ));
        }
        self.live_cells += n;
        let obj = Box::new(Object {
            cells: vec![init; n as usize],
            origin,
            ty,
            readonly: false,
            lane_private: false,
            shadow: Vec::new(),
        });
        let index = match self.free.pop() {
            Some(i) => i,
            None => {
                self.slots.push(Slot::default());
                self.slots.len() as u32 - 1
            }
        };
        let slot = &mut self.slots[index as usize];
        slot.obj = Some(obj);
        Ok(ObjId {
            index,
            gen: slot.gen,
        })
    }

    /// Ends an object's lifetime (`free`, the end of a block).
    pub fn release(&mut self, id: ObjId) -> VResult<()> {
        let slot = self
            .slots
            .get_mut(id.index as usize)
            .filter(|s| s.gen == id.gen && s.obj.is_some())
            .ok_or_else(|| Ub("freeing an object that is not alive (double free)".into()))?;
        let obj = slot.obj.take().expect("checked");
        self.live_cells -= obj.cells.len() as u64;
        slot.gen = slot.gen.wrapping_add(1);
        self.free.push(id.index);
        Ok(())
    }

    /// The object `id`, if it is alive.
    pub fn get(&self, id: ObjId) -> Option<&Object> {
        self.slots
            .get(id.index as usize)
            .filter(|s| s.gen == id.gen)
            .and_then(|s| s.obj.as_deref())
    }

    pub fn get_mut(&mut self, id: ObjId) -> Option<&mut Object> {
        self.slots
            .get_mut(id.index as usize)
            .filter(|s| s.gen == id.gen)
            .and_then(|s| s.obj.as_deref_mut())
    }

    /// The object and cell index `p` designates; undefined behaviour if it designates none.
    pub fn cell(&mut self, p: Ptr) -> VResult<(&mut Object, usize)> {
        let obj = self.get_mut(p.obj).ok_or_else(|| {
            Ub(
                "an access through a dangling pointer (its object was freed or went out of scope)"
                    .into(),
            )
        })?;
        if p.off < 0 || p.off as usize >= obj.cells.len() {
            return Err(Ub(format!(
                "an access outside its object (cell {} of an object of {} cells)",
                p.off,
                obj.cells.len()
            )));
        }
        Ok((obj, p.off as usize))
    }

    /// The number of cells of the object `id` (`None` when it is not alive).
    pub fn len(&self, id: ObjId) -> Option<usize> {
        self.get(id).map(|o| o.cells.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dangling_pointers_and_bounds_are_undefined() {
        let mut m = Memory::new(100);
        let a = m.alloc(3, Value::Uninit, Origin::Str, None).unwrap();
        assert!(m.cell(Ptr { obj: a, off: 2 }).is_ok());
        assert!(m.cell(Ptr { obj: a, off: 3 }).is_err());
        assert!(m.cell(Ptr { obj: a, off: -1 }).is_err());
        m.release(a).unwrap();
        assert!(m.cell(Ptr { obj: a, off: 0 }).is_err());
        assert!(m.release(a).is_err());
        // The slot is reused with a new generation: the old pointer stays dangling.
        let b = m.alloc(1, Value::Int(1), Origin::Str, None).unwrap();
        assert_eq!(b.index, a.index);
        assert!(m.get(a).is_none() && m.get(b).is_some());
        assert!(m.alloc(200, Value::Uninit, Origin::Str, None).is_err());
    }
}
