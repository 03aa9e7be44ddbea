import { useMemo, useState } from "react";
import { indexTree, joinCategoryIds, nodeState, selectedIds, toggleNode, type TreeIndex, type TreeNode } from "@/modules/catalogue/category/tree";

export interface CategoryTreePickerProps {
  tree: TreeNode[];
  /** The ids ticked at start (the saved selection or the current filter). */
  selected: number[];
  /** Form mode posts one hidden input `name` per selected id. */
  name: string;
  /** Filter mode writes the semicolon-joined ids into the input with this id and tells its form. */
  filterInputId?: string;
  label: string;
  emptyText: string;
  clearLabel?: string;
}

/** Lets the list's htmx form know the tree filter changed; must match views/components/data-table.tsx. */
const FILTERS_CHANGED_EVENT = "filters-changed";

function Node({
  node,
  index,
  ticked,
  onToggle,
  depth,
}: {
  node: TreeNode;
  index: TreeIndex;
  ticked: ReadonlySet<number>;
  onToggle: (id: number) => void;
  depth: number;
}) {
  const state = nodeState(index, ticked, node.id);
  const id = `tree-node-${node.id}`;
  return (
    <li role="treeitem" aria-checked={state === "partial" ? "mixed" : state === "checked"} aria-expanded={node.children.length ? true : undefined} aria-level={depth}>
      <label htmlFor={id} className={`tree-label tree-${state}`} title={`id ${node.id}`}>
        <input
          id={id}
          type="checkbox"
          checked={state === "checked"}
          data-state={state}
          ref={(element) => {
            if (element) element.indeterminate = state === "partial";
          }}
          onChange={() => onToggle(node.id)}
        />
        <span>{node.name}</span>
      </label>
      {node.children.length ? (
        <ul role="group">
          {node.children.map((child) => (
            <Node key={child.id} node={child} index={index} ticked={ticked} onToggle={onToggle} depth={depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The one category tree picker (spec 01 §4), used in the product form, the parameter form and the products filter. */
export default function CategoryTreePicker(props: CategoryTreePickerProps) {
  const index = useMemo(() => indexTree(props.tree), [props.tree]);
  const [ticked, setTicked] = useState<ReadonlySet<number>>(() => new Set(props.selected.filter((id) => index.parentOf.has(id))));
  const selection = selectedIds(index, ticked);

  const publish = (next: ReadonlySet<number>) => {
    if (!props.filterInputId || typeof document === "undefined") return;
    const input = document.getElementById(props.filterInputId) as HTMLInputElement | null;
    if (!input) return;
    input.value = joinCategoryIds(selectedIds(index, next));
    input.form?.dispatchEvent(new Event(FILTERS_CHANGED_EVENT, { bubbles: true }));
  };

  const toggle = (id: number) => {
    setTicked((current) => {
      const next = toggleNode(index, current, id);
      publish(next);
      return next;
    });
  };

  return (
    <div className="tree-picker" data-selected={joinCategoryIds(selection)}>
      <div className="tree-picker-head">
        {/* In a form the field row already labels the tree; the filter shows its own heading. */}
        {props.filterInputId ? <span className="tree-picker-label">{props.label}</span> : <span />}
        {props.clearLabel && ticked.size > 0 ? (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              const next = new Set<number>();
              setTicked(next);
              publish(next);
            }}
          >
            {props.clearLabel}
          </button>
        ) : null}
      </div>
      {props.tree.length === 0 ? (
        <p className="tree-empty">{props.emptyText}</p>
      ) : (
        <ul className="tree" role="tree" aria-label={props.label} aria-multiselectable="true">
          {props.tree.map((node) => (
            <Node key={node.id} node={node} index={index} ticked={ticked} onToggle={toggle} depth={1} />
          ))}
        </ul>
      )}
      {props.filterInputId
        ? null
        : selection.map((id) => <input key={id} type="hidden" name={props.name} value={id} />)}
    </div>
  );
}
